package planner

import "testing"

// TestSpanWithoutUnit: a parameter named for a span of time whose schema
// declares no unit (the "everything" server's duration, Firecrawl's crawl
// delay) takes a number written with a time unit, in seconds, when the
// number is tied to it ("for 20 seconds" for a duration, "a 2 second
// delay"); a time written for something else, or no time, leaves it empty.
func TestSpanWithoutUnit(t *testing.T) {
	checkCatalogArgs(t, "everything__trigger-long-running-operation", []argCase{
		{"kick off the demo long running operation for 20 seconds in 4 steps", `{"duration":20,"steps":4}`},
		{"run the long running operation demo for 2 minutes", `{"duration":120}`},
		{"start a long-running operation for 90s", `{"duration":90}`},
		{"long running operation with a duration of 30 seconds", `{"duration":30}`},
		{"run the long running operation for half a minute", `{"duration":30}`},
		{"run the long running operation for an hour", `{"duration":3600}`},
		// Without the value.
		{"kick off the demo long running operation in 4 steps", `{"steps":4}`},
		{"start the long running operation, it has been 5 minutes since the last one", `{}`},
	})
	checkCatalogArgs(t, "firecrawl__firecrawl_crawl", []argCase{
		{"crawl https://x.dev with a 2 second delay between pages", `{"delay":2,"url":"https://x.dev"}`},
		{"crawl https://x.dev, delay of 500ms", `{"delay":0.5,"url":"https://x.dev"}`},
		{"crawl https://x.dev with a 3s delay", `{"delay":3,"url":"https://x.dev"}`},
		// Without the value: a time that is not the delay.
		{"crawl https://x.dev for pages changed in the last 2 days", `{"url":"https://x.dev"}`},
		{"crawl https://x.dev for 10 minutes", `{"url":"https://x.dev"}`},
		{"crawl https://x.dev", `{"url":"https://x.dev"}`},
	})
	for name, want := range map[string]string{"duration": "duration", "crawlDelay": "delay", "pollInterval": "interval", "timeout": "", "expireSeconds": "", "delay_ms": ""} {
		if got := spanParam(argProp{name: name, lname: squash(name), typ: "number"}); got != want {
			t.Errorf("spanParam(%s) = %q, want %q", name, got, want)
		}
	}
}

// TestDimensionAdjective: a number given with an adjective of measure,
// right after it or after its unit ("two levels deep", "1280 pixels wide",
// "800 tall"), fills the parameter named by the adjective's noun (depth,
// width, height); a number without one, or with a unit that is no measure
// ("2 pages deep"), leaves it empty.
func TestDimensionAdjective(t *testing.T) {
	checkCatalogArgs(t, "tavily__tavily_crawl", []argCase{
		{"crawl https://docs.example.dev two levels deep", `{"max_depth":2,"url":"https://docs.example.dev"}`},
		{"crawl https://docs.example.dev, 3 levels deep", `{"max_depth":3,"url":"https://docs.example.dev"}`},
		// Without the value.
		{"crawl https://docs.example.dev", `{"url":"https://docs.example.dev"}`},
		{"crawl https://docs.example.dev, the deep pages too", `{"url":"https://docs.example.dev"}`},
		{"crawl https://docs.example.dev 2 times, deep pages included", `{"url":"https://docs.example.dev"}`},
	})
	checkCatalogArgs(t, "firecrawl__firecrawl_crawl", []argCase{
		{"crawl https://docs.example.dev two levels deep", `{"maxDiscoveryDepth":2,"url":"https://docs.example.dev"}`},
	})
	checkCatalogArgs(t, "chrome-devtools__resize_page", []argCase{
		{"resize page 1 to 1280 pixels wide and 800 pixels tall", `{"height":800,"pageId":1,"width":1280}`},
		{"make page 2 800 px tall and 600 px wide", `{"height":800,"pageId":2,"width":600}`},
		{"resize page 1", `{"pageId":1}`},
	})
}
