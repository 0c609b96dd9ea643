# mcp-agentify over Streamable HTTP in a container: a static binary on a
# distroless base, running as a non-root user.
#
#   docker build -t mcp-agentify .
#   docker run -p 8080:8080 -e AGENTIFY_HTTP_TOKEN=... -v $PWD/mcp-agentify.json:/etc/mcp-agentify/config.json:ro mcp-agentify
#
# Backends of type stdio need their commands inside the image; remote
# (http, sse, websocket) backends need nothing more.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o /out/mcp-agentify .

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/mcp-agentify /usr/local/bin/mcp-agentify
USER nonroot:nonroot
EXPOSE 8080
# A non-loopback address needs a token: set AGENTIFY_HTTP_TOKEN at run time.
ENTRYPOINT ["/usr/local/bin/mcp-agentify"]
CMD ["serve", "--config", "/etc/mcp-agentify/config.json", "--http", "0.0.0.0:8080"]
