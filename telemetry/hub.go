package telemetry

import (
	"io"

	"github.com/rs/zerolog"
)

// Hub bundles the telemetry state the gateway writes and the dashboard
// reads. All fields are set by [NewHub] and safe for concurrent use.
type Hub struct {
	Redactor *Redactor
	Logs     *LogRing
	Trace    *TraceBus
	Metrics  *Metrics
}

// HubOptions configures [NewHub]. A nil *HubOptions means defaults.
type HubOptions struct {
	LogCapacity   int      // ≤ 0: DefaultLogCapacity
	TraceCapacity int      // ≤ 0: DefaultTraceCapacity
	MaxPayload    int      // ≤ 0: DefaultMaxPayload
	Secrets       []string // registered with the Redactor (API keys, header values, env values)
}

// NewHub returns a Hub whose log ring and trace bus redact with its
// Redactor.
func NewHub(opts *HubOptions) *Hub {
	var o HubOptions
	if opts != nil {
		o = *opts
	}
	r := NewRedactor(o.Secrets...)
	logs := NewLogRing(o.LogCapacity, nil) // LogWriter redacts before the tee
	logs.jsonRedactor = r
	return &Hub{
		Redactor: r,
		Logs:     logs,
		Trace:    NewTraceBus(&TraceOptions{Capacity: o.TraceCapacity, MaxPayload: o.MaxPayload, Redactor: r}),
		Metrics:  NewMetrics(),
	}
}

// LogWriter returns the writer to give zerolog: every line is redacted once,
// then written to out (stderr, possibly through a zerolog.ConsoleWriter) and
// to the log ring. out may be nil (ring only).
//
//	logger := zerolog.New(hub.LogWriter(os.Stderr)).With().Timestamp().Logger()
func (h *Hub) LogWriter(out io.Writer) io.Writer {
	if out == nil {
		return NewRedactWriter(h.Logs, h.Redactor)
	}
	return NewRedactWriter(zerolog.MultiLevelWriter(out, h.Logs), h.Redactor)
}
