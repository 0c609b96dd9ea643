package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// What a middle process (the gateway, or the byte-copy relay) makes the
// processes around it spend: this driver on one side, the echo backend on
// the other. All from /proc, so it needs no perf and no privileges.

// procUse is what a process has used so far.
type procUse struct {
	cpu      time.Duration // its threads' run time (schedstat), as procCPU
	switches int64         // times its threads were switched in (schedstat's third field)
	// From /proc/PID/io, over all its threads, live or exited: read(2)- and
	// write(2)-family system calls (an EAGAIN read counts), and the bytes
	// they moved (a pipe's bytes, here: the same at both of its ends).
	syscr, syscw, rchar, wchar int64
}

// procUsage reads pid's use so far; zero fields for what cannot be read.
func procUsage(pid int) procUse {
	var u procUse
	if tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid)); err == nil {
		for _, t := range tasks {
			b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/schedstat", pid, t.Name()))
			if err != nil {
				continue
			}
			f := strings.Fields(string(b))
			if len(f) < 3 {
				continue
			}
			ns, _ := strconv.ParseInt(f[0], 10, 64)
			n, _ := strconv.ParseInt(f[2], 10, 64)
			u.cpu += time.Duration(ns)
			u.switches += n
		}
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid)); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			k, v, ok := strings.Cut(line, ": ")
			if !ok {
				continue
			}
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			switch k {
			case "syscr":
				u.syscr = n
			case "syscw":
				u.syscw = n
			case "rchar":
				u.rchar = n
			case "wchar":
				u.wchar = n
			}
		}
	}
	return u
}

func (u procUse) sub(v procUse) procUse {
	return procUse{u.cpu - v.cpu, u.switches - v.switches, u.syscr - v.syscr, u.syscw - v.syscw, u.rchar - v.rchar, u.wchar - v.wchar}
}

func (u procUse) plus(v procUse) procUse {
	return procUse{u.cpu + v.cpu, u.switches + v.switches, u.syscr + v.syscr, u.syscw + v.syscw, u.rchar + v.rchar, u.wchar + v.wchar}
}

// chain is the three processes of a call through a middle process: this
// driver, the middle, and the echo backend (the middle's only child).
type chain struct {
	pids [3]int
	use  [3]procUse    // summed over the measured windows
	wall time.Duration // the measured windows' wall time
	n    int           // calls in the measured windows
}

func newChain(middle *peer) *chain {
	return &chain{pids: [3]int{os.Getpid(), middle.pid(), childOf(middle.pid())}}
}

// childOf returns pid's first child process, or 0.
func childOf(pid int) int {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, t := range tasks {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", pid, t.Name()))
		if f := strings.Fields(string(b)); len(f) > 0 {
			n, _ := strconv.Atoi(f[0])
			return n
		}
	}
	return 0
}

func (c *chain) snapshot() [3]procUse {
	var s [3]procUse
	for i, pid := range c.pids {
		if pid > 0 {
			s[i] = procUsage(pid)
		}
	}
	return s
}

// measure runs one window of total calls with w in flight through middle
// and adds what each process used to c; it returns calls/s.
func (c *chain) measure(middle *peer, params string, w, total int) float64 {
	s0 := c.snapshot()
	t0 := time.Now()
	rate := window(middle, params, w, total)
	c.wall += time.Since(t0)
	s1 := c.snapshot()
	for i := range s1 {
		c.use[i] = c.use[i].plus(s1[i].sub(s0[i]))
	}
	c.n += total
	return rate
}

// rows adds the chain's rows to the table: CPU, system calls and context
// switches per call of each process, and the bytes per write(2) of the
// driver (requests) and of the echo backend (responses).
func (c *chain) rows(name string, w int) {
	if c.n == 0 || c.pids[2] == 0 {
		return
	}
	n := float64(c.n)
	d, m, e := c.use[0], c.use[1], c.use[2]
	us := func(u procUse) float64 { return float64(u.cpu) / 1e3 / n }
	perCall := func(x int64) float64 { return float64(x) / n }
	busy := float64(d.cpu+m.cpu+e.cpu) / float64(c.wall)
	add("peers", fmt.Sprintf("%d in flight through the %s: CPU per call, driver / %s / echo", w, name, name), us(d)+us(e), "µs",
		fmt.Sprintf("%.2f / %.2f / %.2f µs (driver + echo %.2f; %.2f cores busy)", us(d), us(m), us(e), us(d)+us(e), busy), "", nil)
	add("peers", fmt.Sprintf("%d in flight through the %s: read+write(2) per call, driver / %s / echo", w, name, name), perCall(d.syscr+d.syscw+e.syscr+e.syscw), "",
		fmt.Sprintf("%.3f / %.3f / %.3f", perCall(d.syscr+d.syscw), perCall(m.syscr+m.syscw), perCall(e.syscr+e.syscw)), "", nil)
	add("peers", fmt.Sprintf("%d in flight through the %s: context switches per call, driver / %s / echo", w, name, name), perCall(d.switches+e.switches), "",
		fmt.Sprintf("%.3f / %.3f / %.3f", perCall(d.switches), perCall(m.switches), perCall(e.switches)), "", nil)
	bpw := func(u procUse) float64 {
		if u.syscw == 0 {
			return 0
		}
		return float64(u.wchar) / float64(u.syscw)
	}
	add("peers", fmt.Sprintf("%d in flight through the %s: bytes per write(2), driver (requests) / echo (responses)", w, name), bpw(e), "B",
		fmt.Sprintf("%.0f / %.0f B", bpw(d), bpw(e)), "", nil)
}
