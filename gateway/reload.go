package gateway

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// defaultReloadDebounce is how long the config watcher waits after the last
// change to the file before reloading it: editors write a file in several
// steps (truncate, write, rename over), and one reload must see the result.
const defaultReloadDebounce = 200 * time.Millisecond

// reload applies a new configuration file. Before the client has
// initialized, the file simply replaces the one given to [New]. After, the
// client's initializationOptions and the overrides are laid over it again
// and the backends are reloaded ([backends.Manager.Reload]): unchanged ones
// keep running, changed ones restart, removed ones stop, new ones start;
// the IDE is then told if its tool list changed. The expose and planner
// settings take effect at once; gateway-wide timeouts and the message size
// limit need a restart of the gateway (a warning says so). On error nothing
// changes.
func (g *Gateway) reload(file *schemas.Config) (backends.ReloadResult, error) {
	if file == nil {
		return backends.ReloadResult{}, errors.New("reload: no configuration")
	}
	g.mu.Lock()
	if g.cfg == nil {
		g.opts.Config = file
		g.configErr = nil
		g.mu.Unlock()
		return backends.ReloadResult{}, nil
	}
	initOptions, old, mgr := g.initOptions, g.cfg, g.mgr
	g.mu.Unlock()

	cfg := file.Clone()
	if err := cfg.MergeInitOptions(initOptions, g.opts.LoadOptions); err != nil {
		return backends.ReloadResult{}, err
	}
	cfg.Apply(g.opts.Overrides)
	if g.opts.NoBackends {
		cfg.Backends = nil
	}
	if g.opts.Hub != nil {
		g.opts.Hub.Redactor.Add(secretsOf(cfg)...)
	}
	if !reflect.DeepEqual(old.CallTimeout, cfg.CallTimeout) ||
		!reflect.DeepEqual(old.StartupTimeout, cfg.StartupTimeout) || old.MaxMessageBytes != cfg.MaxMessageBytes {
		g.log.Warn().Msg("config reload: gateway-wide timeout and message-size settings take effect when the gateway restarts")
		// Keep the settings in force, so that what Config reports is what runs.
		cfg.CallTimeout, cfg.StartupTimeout, cfg.MaxMessageBytes = old.CallTimeout, old.StartupTimeout, old.MaxMessageBytes
	}
	g.mu.Lock()
	g.opts.Config = file
	g.cfg = cfg
	g.configErr = nil
	if g.isStarted() && !reflect.DeepEqual(old.Planner, cfg.Planner) {
		// Orchestrations already planning keep the planner they started with.
		g.planner, g.plannerName = g.newPlanner(cfg, g.sampler)
		g.log.Info().Str("planner", g.plannerName).Msg("config reload: planner settings applied")
	}
	g.mu.Unlock()

	res := mgr.Reload(cfg.Backends)
	g.changed() // expose may have changed even when no backend did
	return res, nil
}

// WatchConfig reloads the gateway whenever the configuration file at path
// changes. It watches the file's directory (editors replace files by
// renaming over them, which a watch on the file itself would lose) and
// waits until changes have been quiet for debounce (zero means
// [defaultReloadDebounce]). An invalid file is rejected with a logged error
// and the running backends stay as they are. onReload, if not nil, is told
// the outcome of every attempt. The watch ends with ctx; WatchConfig
// returns an error only when the watch cannot be set up.
func (g *Gateway) WatchConfig(ctx context.Context, path string, debounce time.Duration, onReload func(backends.ReloadResult, error)) error {
	if debounce <= 0 {
		debounce = defaultReloadDebounce
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	if err := w.Add(filepath.Dir(abs)); err != nil {
		w.Close()
		return err
	}
	// Owned by the watch: ends when ctx does, closing the watcher.
	go func() {
		defer w.Close()
		timer := time.NewTimer(debounce)
		timer.Stop()
		defer timer.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				if filepath.Clean(ev.Name) == abs && !ev.Has(fsnotify.Chmod) {
					timer.Reset(debounce)
				}
			case err, ok := <-w.Errors:
				if !ok {
					return
				}
				g.log.Warn().Err(err).Str("path", abs).Msg("config watcher error")
			case <-timer.C:
				res, err := g.reloadFile(abs)
				if onReload != nil {
					onReload(res, err)
				}
			}
		}
	}()
	g.log.Info().Str("path", abs).Msg("watching the configuration file for changes")
	return nil
}

// reloadFile loads path and reloads the gateway with it, logging the outcome.
func (g *Gateway) reloadFile(path string) (backends.ReloadResult, error) {
	cfg, err := schemas.Load(path, g.opts.LoadOptions)
	if err == nil {
		var res backends.ReloadResult
		res, err = g.reload(cfg)
		if err == nil {
			ev := g.log.Info()
			if res.Empty() {
				ev = g.log.Debug()
			}
			ev.Strs("added", res.Added).Strs("changed", res.Changed).Strs("removed", res.Removed).
				Int("unchanged", len(res.Unchanged)).Msg("configuration reloaded")
			return res, nil
		}
	}
	g.mu.Lock()
	if g.configErr != nil {
		g.configErr = err // still unusable: explain the newest problem
	}
	g.mu.Unlock()
	if errors.Is(err, fs.ErrNotExist) {
		g.log.Warn().Str("path", path).Msg("configuration file removed; keeping the running backends")
	} else {
		g.log.Error().Str("path", path).Err(err).Msg("configuration reload rejected; keeping the running backends")
	}
	return backends.ReloadResult{}, err
}

// secretsOf is cfg.Secrets() plus the credential part of values with a
// scheme ("Bearer abc..." also registers "abc..."), which backends and
// errors often show on its own.
func secretsOf(cfg *schemas.Config) []string {
	s := cfg.Secrets()
	for _, v := range s {
		if _, cred, ok := strings.Cut(strings.TrimSpace(v), " "); ok && len(strings.TrimSpace(cred)) >= 8 {
			s = append(s, strings.TrimSpace(cred))
		}
	}
	return s
}
