package gateway

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// cursorState is what a pagination cursor carries: which merged list it
// walks, where the next page starts, and the generation (a hash of the
// merged list) it was cut from.
type cursorState struct {
	Kind   string `json:"k"`
	Offset int    `json:"o"`
	Gen    string `json:"g"`
}

// cursorCodec issues and checks the gateway's own pagination cursors.
//
// MCP: "Cursors are opaque ... Clients MUST NOT make assumptions about cursor
// format" and "Invalid cursors SHOULD result in an error with code -32602".
// A cursor is base64url(JSON state) "." base64url(HMAC-SHA256(state)[:12])
// under a key chosen per session, so a cursor the gateway did not issue (or
// one of another session, or of another list) is rejected with -32602 rather
// than silently misread. A zero codec is not usable: use [newCursorCodec].
type cursorCodec struct {
	key []byte
}

func newCursorCodec() *cursorCodec {
	k := make([]byte, 32)
	_, _ = rand.Read(k) // crypto/rand.Read never fails on supported platforms
	return &cursorCodec{key: k}
}

func (c *cursorCodec) mac(payload string) string {
	h := hmac.New(sha256.New, c.key)
	h.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:12])
}

// encode returns the opaque cursor for st.
func (c *cursorCodec) encode(st cursorState) string {
	b, _ := json.Marshal(st)
	p := base64.RawURLEncoding.EncodeToString(b)
	return p + "." + c.mac(p)
}

// decode checks a cursor received for list kind and returns its state, or
// an -32602 error naming the problem.
func (c *cursorCodec) decode(kind, cursor string) (cursorState, *rpc.Error) {
	bad := func(why string) (cursorState, *rpc.Error) {
		return cursorState{}, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: cursor: %s", why)
	}
	p, sig, ok := strings.Cut(cursor, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(c.mac(p))) {
		return bad("not a cursor issued by this server")
	}
	raw, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil {
		return bad("malformed")
	}
	var st cursorState
	if json.Unmarshal(raw, &st) != nil || st.Offset < 0 {
		return bad("malformed")
	}
	if st.Kind != kind {
		return bad("issued for another list")
	}
	return st, nil
}
