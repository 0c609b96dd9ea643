// auth_browser.mjs stands in for a browser ($BROWSER) in the auth
// conformance test: it GETs the authorization URL it is given and follows
// the redirects to the gateway's loopback callback.
const r = await fetch(process.argv[2], { redirect: "follow" });
console.error(`browser: ${r.status} ${r.url.split("?")[0]}`);
