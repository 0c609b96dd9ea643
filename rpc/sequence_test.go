package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Ordering and cancellation scenarios as data, in the manner of gopls'
// jsonrpc2 tests. Each step acts on the client or the server of a pair and
// the steps run in sequence; every "want" is an observation.
type seqStep struct {
	op   string // call, notify, recv, reply, fail, cancel, collect, late, closeServer
	name string // the call or notification it concerns
	want string // recv: method or "cancelled:<name>"; collect: "ok:<result>", "err:<code>", "canceled"
}

func TestConnSequences(t *testing.T) {
	scenarios := []struct {
		name  string
		steps []seqStep
	}{
		{"replies out of order", []seqStep{
			{"call", "a", ""}, {"call", "b", ""}, {"call", "c", ""},
			{"recv", "a", "a"}, {"recv", "b", "b"}, {"recv", "c", "c"},
			{"reply", "c", ""}, {"collect", "c", `ok:{"from":"c"}`},
			{"reply", "a", ""}, {"collect", "a", `ok:{"from":"a"}`},
			{"reply", "b", ""}, {"collect", "b", `ok:{"from":"b"}`},
		}},
		{"notifications keep their place among requests", []seqStep{
			{"notify", "n1", ""}, {"call", "a", ""}, {"notify", "n2", ""}, {"call", "b", ""}, {"notify", "n3", ""},
			{"recv", "n1", "n1"}, {"recv", "a", "a"}, {"recv", "n2", "n2"}, {"recv", "b", "b"}, {"recv", "n3", "n3"},
			{"reply", "b", ""}, {"reply", "a", ""},
			{"collect", "a", `ok:{"from":"a"}`}, {"collect", "b", `ok:{"from":"b"}`},
		}},
		{"cancel sends notifications/cancelled and drops the late reply", []seqStep{
			{"call", "a", ""}, {"call", "b", ""}, {"recv", "a", "a"}, {"recv", "b", "b"},
			{"cancel", "a", ""}, {"collect", "a", "canceled"}, {"recv", "", "cancelled:a"},
			{"reply", "a", ""}, {"late", "a", ""},
			{"reply", "b", ""}, {"collect", "b", `ok:{"from":"b"}`},
		}},
		{"cancel after the reply sends nothing", []seqStep{
			{"call", "a", ""}, {"recv", "a", "a"}, {"reply", "a", ""}, {"collect", "a", `ok:{"from":"a"}`},
			{"cancel", "a", ""}, {"notify", "n", ""}, {"recv", "n", "n"},
		}},
		{"error reply", []seqStep{
			{"call", "a", ""}, {"recv", "a", "a"}, {"fail", "a", ""}, {"collect", "a", "err:-32602"},
		}},
		{"peer gone fails every pending call", []seqStep{
			{"call", "a", ""}, {"call", "b", ""}, {"recv", "a", "a"}, {"recv", "b", "b"},
			{"reply", "a", ""}, {"collect", "a", `ok:{"from":"a"}`},
			{"closeServer", "", ""}, {"collect", "b", "err:-32002"},
		}},
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			recv := make(chan *Message, 16)
			late := make(chan *Message, 4)
			written := make(chan string, 64)
			p := newPairWrap(t, ConnOptions{OnUnknownResponse: func(m *Message) { late <- m }}, ConnOptions{},
				func(_ *Conn, m *Message) { recv <- m },
				func(s Stream) Stream { return &tapStream{Stream: s, written: written} })
			// waitWritten waits until the client's writer has written method, so
			// that the next step's message is queued after it.
			waitWritten := func(method string) {
				for m := range written {
					if m == method {
						return
					}
				}
			}
			type call struct {
				cancel context.CancelFunc
				done   chan string
				id     json.RawMessage // as the server saw it
			}
			calls := map[string]*call{}
			defer func() {
				for _, c := range calls {
					c.cancel()
				}
				for _, c := range calls {
					if c.done != nil {
						<-c.done
					}
				}
			}()
			for i, st := range sc.steps {
				where := fmt.Sprintf("step %d %v", i, st)
				switch st.op {
				case "call":
					ctx, cancel := context.WithCancel(context.Background())
					c := &call{cancel: cancel, done: make(chan string, 1)}
					calls[st.name] = c
					// Call goroutine: owned by the scenario, collected by "collect" or the deferred wait.
					go func() {
						res, err := p.client.Call(ctx, st.name, json.RawMessage(`{"name":"`+st.name+`"}`))
						var e *Error
						switch {
						case errors.Is(err, context.Canceled):
							c.done <- "canceled"
						case errors.As(err, &e):
							c.done <- fmt.Sprint("err:", e.Code)
						case err != nil:
							c.done <- "other:" + err.Error()
						default:
							c.done <- "ok:" + string(res)
						}
					}()
					waitWritten(st.name)
				case "notify":
					p.client.Notify(st.name, nil)
					waitWritten(st.name)
				case "recv":
					m := <-recv
					got := m.Method
					if m.Method == "notifications/cancelled" {
						var cp struct {
							RequestID json.RawMessage `json:"requestId"`
						}
						json.Unmarshal(m.Params, &cp)
						got = "cancelled:?"
						for name, c := range calls {
							if string(c.id) == string(cp.RequestID) {
								got = "cancelled:" + name
							}
						}
					} else if c := calls[m.Method]; c != nil {
						c.id = m.ID
					}
					if got != st.want {
						t.Fatalf("%s: server saw %q, want %q", where, got, st.want)
					}
				case "reply":
					p.server.Reply(calls[st.name].id, json.RawMessage(`{"from":"`+st.name+`"}`))
				case "fail":
					p.server.ReplyError(calls[st.name].id, Errorf(CodeInvalidParams, "no"))
				case "cancel":
					calls[st.name].cancel()
				case "collect":
					c := calls[st.name]
					got := <-c.done
					c.done = nil
					if got != st.want {
						t.Fatalf("%s: got %q, want %q", where, got, st.want)
					}
				case "late":
					m := <-late
					if string(m.ID) != string(calls[st.name].id) {
						t.Fatalf("%s: late response for id %s", where, m.ID)
					}
				case "closeServer":
					p.server.Close()
				default:
					t.Fatalf("unknown op %q", st.op)
				}
			}
			// Nothing unexpected reached the server or the late hook.
			select {
			case m := <-recv:
				if !strings.HasPrefix(sc.name, "peer gone") {
					t.Errorf("unexpected message at the server: %s", m.AppendJSON(nil))
				}
			case m := <-late:
				t.Errorf("unexpected late response: %s", m.AppendJSON(nil))
			default:
			}
		})
	}
}

// tapStream reports the method of every message written.
type tapStream struct {
	Stream
	written chan string
}

func (s *tapStream) Write(msg []byte) error {
	err := s.Stream.Write(msg)
	if m, derr := Decode(msg); derr == nil {
		s.written <- m.Method
	}
	return err
}
