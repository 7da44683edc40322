import type { PageSpec } from "./page-spec.ts";
import { post } from "./sites.ts";

const p = (...xs: string[]) => xs.map((x) => `<p>${x}</p>`).join("\n");
const DOCS_NAV = [
  "Installation",
  "Quick start",
  "Configuration",
  "Routing",
  "Middleware",
  "Caching",
  "Deployment",
  "Testing",
  "Logging",
  "Security",
  "Upgrading",
  "FAQ",
];

/** Docs pages, products, landing pages, forum threads and short pages. */
export const PAGES_B: PageSpec[] = [
  {
    slug: "docs-configuration",
    site: "docsSite",
    title: "Configuration",
    related: DOCS_NAV,
    main: `${p("Every project reads its settings from a single file, <code>tern.config.json</code>, at the root of the repository. Values in the file can be overridden by environment variables, which is how most deployments set secrets.")}
<h2>The configuration file</h2>
${p("A minimal file names the port and the directory that holds your routes. Anything you leave out takes its default value.")}
<pre><code>{
  "port": 8080,
  "routes": "./routes",
  "cache": { "maxEntries": 500 }
}</code></pre>
<h2>Environment variables</h2>
${p("Each setting has an environment variable named after its path in upper case, with dots replaced by underscores. For example, <code>cache.maxEntries</code> becomes <code>TERN_CACHE_MAXENTRIES</code>. Environment variables always win over the file.")}
<table><thead><tr><th>Setting</th><th>Default</th><th>Meaning</th></tr></thead><tbody>
<tr><td>port</td><td>3000</td><td>The TCP port the server listens on.</td></tr>
<tr><td>routes</td><td>./routes</td><td>The directory scanned for route modules.</td></tr>
<tr><td>cache.maxEntries</td><td>1000</td><td>How many responses the in-memory cache keeps.</td></tr>
<tr><td>log.level</td><td>info</td><td>One of debug, info, warn or error.</td></tr>
</tbody></table>
<div class="admonition warning"><p>Never commit secrets to the configuration file. Use environment variables or your platform's secret store instead.</p></div>`,
  },
  {
    slug: "docs-middleware",
    site: "docsSite",
    title: "Writing middleware",
    related: DOCS_NAV,
    main: `${p(
      "Middleware is a function that runs before your route handler. It receives the request and a <code>next</code> function, and can change the request, answer early, or call <code>next()</code> to pass control on.",
    )}
<h2>A first middleware</h2>
${p("The example below adds a request id header to every response. It calls <code>next()</code> first, then changes the response on the way out.")}
<pre><code>export async function requestId(req, next) {
  const res = await next();
  res.headers.set("x-request-id", crypto.randomUUID());
  return res;
}</code></pre>
<h2>Order matters</h2>
${p("Middleware runs in the order it is registered. Register authentication before anything that reads the user, and compression last, so that it sees the final body.")}
<ol><li>Logging</li><li>Authentication</li><li>Rate limiting</li><li>Your routes</li><li>Compression</li></ol>
<h2>Answering early</h2>
${p("To stop a request, return a response without calling <code>next()</code>. The handlers after it never run. This is how the built-in rate limiter answers with status 429.")}`,
  },
  {
    slug: "docs-cli-reference-table",
    site: "docsSite",
    title: "Command-line reference",
    related: DOCS_NAV,
    main: `${p("The <code>tern</code> command has one subcommand per task. Every subcommand accepts <code>--help</code>.")}
<h2>Subcommands</h2>
<table><thead><tr><th>Command</th><th>What it does</th><th>Common flags</th></tr></thead><tbody>
<tr><td>tern new</td><td>Creates a project from a template.</td><td>--template, --force</td></tr>
<tr><td>tern dev</td><td>Runs the server and reloads on change.</td><td>--port, --open</td></tr>
<tr><td>tern build</td><td>Bundles the project for production.</td><td>--minify, --sourcemap</td></tr>
<tr><td>tern start</td><td>Serves a production build.</td><td>--port</td></tr>
<tr><td>tern test</td><td>Runs the test suite.</td><td>--watch, --coverage</td></tr>
<tr><td>tern lint</td><td>Checks code style and common mistakes.</td><td>--fix</td></tr>
<tr><td>tern routes</td><td>Lists every route and its handler file.</td><td>--json</td></tr>
<tr><td>tern upgrade</td><td>Moves the project to the newest version.</td><td>--dry-run</td></tr>
<tr><td>tern doctor</td><td>Checks the environment for known problems.</td><td>--verbose</td></tr>
<tr><td>tern cache clear</td><td>Empties the build cache.</td><td>none</td></tr>
</tbody></table>
<h2>Exit codes</h2>
<table><tbody><tr><td>0</td><td>Success.</td></tr><tr><td>1</td><td>The command failed; the message says why.</td></tr><tr><td>2</td><td>The arguments were not understood.</td></tr></tbody></table>`,
  },
  {
    slug: "docs-deployment",
    site: "docsSite",
    title: "Deploying to a virtual machine",
    related: DOCS_NAV,
    main: `${p(
      "This guide deploys a production build to a single Linux virtual machine behind a reverse proxy. It assumes you can reach the machine over SSH and have root access.",
    )}
<h2>Build and copy</h2>
${p("Run <code>tern build</code> on your computer or in CI. The output directory holds everything the server needs; copy it to the machine with rsync or scp.")}
<h2>Run it as a service</h2>
${p("Create a systemd unit so that the server starts at boot and restarts if it crashes. Set the port and any secrets in the unit's environment, not in the configuration file.")}
<pre><code>[Service]
ExecStart=/usr/bin/node /srv/app/server.js
Environment=TERN_PORT=8080
Restart=on-failure</code></pre>
<h2>Put a proxy in front</h2>
${p("Terminate TLS at the proxy and forward requests to the local port. Keep the server itself bound to 127.0.0.1 so that it is never reachable directly.")}`,
  },
  {
    slug: "shop-folding-chair",
    site: "shopSite",
    siteName: "Hearth & Field",
    title: "Beechwood folding garden chair",
    related: ["Outdoor cushion, sage", "Folding table, beech", "Teak oil, 500 ml", "Chair cover"],
    comments: [
      { who: "Dev, Leeds", text: "Sturdy and folds flat. The seat is a bit low for me." },
      { who: "Helga", text: "Lovely wood, arrived well packed." },
    ],
    main: `<h2>Description</h2>
${p(
  "A classic slatted chair in solid European beech, oiled by hand and made to fold flat for the winter. The frame is joined with brass hinges and stainless steel bolts, so it will not rust if it is left out in the rain.",
  "The seat is angled slightly back for comfort over a long lunch, and the arms are wide enough to rest a cup on.",
)}
<h2>Specifications</h2>
<table><tbody><tr><th>Material</th><td>Solid beech, linseed oil finish</td></tr><tr><th>Dimensions</th><td>58 × 62 × 88 cm</td></tr><tr><th>Folded depth</th><td>9 cm</td></tr><tr><th>Weight</th><td>6.4 kg</td></tr><tr><th>Maximum load</th><td>120 kg</td></tr></tbody></table>
<h2>Care</h2>
${p("Wipe clean with a damp cloth. Re-oil once a year, and store folded under cover in winter.")}`,
  },
  {
    slug: "shop-headlamp",
    site: "shopSite",
    siteName: "Ridgeline Outfitters",
    title: "Lumen 400 rechargeable headlamp",
    related: [
      "Spare battery pack",
      "Trekking poles, carbon",
      "Dry bag 10 l",
      "First aid kit, compact",
    ],
    comments: [
      { who: "Ana", text: "Bright enough for night runs and the red mode is useful in the tent." },
    ],
    main: `<h2>Description</h2>
${p(
  "A light, bright headlamp for running, hiking and camping. The 400-lumen beam reaches about ninety metres on its highest setting, and a red light mode keeps your night vision when you are reading a map.",
  "The battery charges over USB-C in about three hours and lasts up to forty hours on the lowest setting. A lock mode stops it from switching on in your bag.",
)}
<ul><li>Five brightness levels and red light</li><li>Rated IPX4 against splashes and rain</li><li>Weighs 78 g with the battery</li><li>Tilting lamp housing</li></ul>`,
  },
  {
    slug: "shop-category-listing",
    site: "shopSite",
    siteName: "Hearth & Field",
    title: "Garden furniture",
    related: ["Parasols", "Outdoor lighting", "Planters"],
    main: `<h2>Garden furniture</h2>
<ul class="product-grid"><li><a href="/p/1">Beechwood folding chair</a> £64.00</li><li><a href="/p/2">Folding table, beech</a> £120.00</li><li><a href="/p/3">Bench, two seats</a> £185.00</li><li><a href="/p/4">Steel bistro set</a> £149.00</li><li><a href="/p/5">Lounger with wheels</a> £210.00</li><li><a href="/p/6">Outdoor cushion, sage</a> £22.00</li><li><a href="/p/7">Hammock with stand</a> £95.00</li><li><a href="/p/8">Picnic table, pine</a> £230.00</li></ul>
<p>Showing 8 of 8 products</p>`,
  },
  {
    slug: "marketing-invoicing-app",
    site: "marketingSite",
    siteName: "Ledgerly",
    title: "Invoicing for small studios",
    main: `<section class="hero"><h1>Invoices that get paid on time</h1><p>Ledgerly sends your invoices, chases late payments politely and tells you what you are owed, so you can get back to the work you were hired for.</p></section>
<section class="features"><h2>Everything a small studio needs</h2>
<div class="feature"><h3>Reminders that sound like you</h3><p>Write your reminder once. Ledgerly sends it three days before and after the due date, and stops the moment the payment arrives.</p></div>
<div class="feature"><h3>Time to invoice in one click</h3><p>Import hours from your timer or a spreadsheet and turn them into line items, rounded the way your contract says.</p></div>
<div class="feature"><h3>Your accountant will thank you</h3><p>Export every invoice and payment as a tidy CSV at the end of the quarter, ready for your bookkeeping software.</p></div></section>
<section class="pricing"><h2>Simple pricing</h2><table><tr><th>Plan</th><th>Price</th><th>Invoices</th></tr><tr><td>Solo</td><td>9 a month</td><td>Up to 20 a month</td></tr><tr><td>Studio</td><td>24 a month</td><td>Unlimited</td></tr></table></section>
<section class="testimonials"><blockquote><p>We used to spend a day a month chasing payments. Now we spend none.</p><cite>Mira, design studio owner</cite></blockquote></section>`,
  },
  {
    slug: "marketing-coworking",
    site: "marketingSite",
    siteName: "The Loom Rooms",
    title: "Coworking in the old weaving mill",
    main: `<section class="hero"><h1>A desk in the old weaving mill</h1><p>Bright rooms, fast internet and good coffee, ten minutes' walk from the station.</p></section>
<section><h2>Memberships</h2><ul><li>Day pass: drop in any weekday</li><li>Flexible: ten days a month</li><li>Resident: your own desk and locker</li></ul></section>
<section><h2>What is included</h2><p>Every membership includes meeting room hours, printing, lockers, showers and a bike store. Residents get a 24-hour key fob and a mailing address.</p></section>`,
  },
  {
    slug: "forum-sourdough-help",
    site: "forumSite",
    siteName: "Bakers' Bench",
    title: "Sourdough keeps spreading flat in the oven",
    related: [
      "Best flour for a first starter",
      "Banneton alternatives",
      "Oven spring in a gas oven",
    ],
    main: [
      post("flourcloud", "Mar 3", [
        "My loaves look great when I shape them but spread into a pancake in the oven. Starter doubles in five hours, dough is 75% hydration, bulk ferment about six hours at room temperature. What am I doing wrong?",
      ]),
      post("old_fern", "Mar 3", [
        "Six hours at a warm room temperature is probably too long. Watch the dough, not the clock: stop bulk when it has risen by about half and feels airy at the edges.",
        "Also try 70% hydration until your shaping gets tighter.",
      ]),
      post("kettle_logic", "Mar 4", [
        "Agree with old_fern. Over-proofed dough loses its strength and cannot hold its shape. A cold retard in the fridge overnight after shaping made the biggest difference for me.",
      ]),
      post("flourcloud", "Mar 6", [
        "Update: shortened bulk to four hours and proofed overnight in the fridge. Much better, it actually rose upwards. Thanks, both!",
      ]),
    ].join("\n"),
    label: p(
      "My loaves look great when I shape them but spread into a pancake in the oven. Starter doubles in five hours, dough is 75% hydration, bulk ferment about six hours at room temperature. What am I doing wrong?",
      "Six hours at a warm room temperature is probably too long. Watch the dough, not the clock: stop bulk when it has risen by about half and feels airy at the edges.",
      "Also try 70% hydration until your shaping gets tighter.",
      "Agree with old_fern. Over-proofed dough loses its strength and cannot hold its shape. A cold retard in the fridge overnight after shaping made the biggest difference for me.",
      "Update: shortened bulk to four hours and proofed overnight in the fridge. Much better, it actually rose upwards. Thanks, both!",
    ),
  },
  {
    slug: "forum-bike-brakes",
    site: "forumSite",
    siteName: "Spoke & Chain",
    title: "Hydraulic brakes squeal after new pads",
    related: [
      "Tubeless setup for beginners",
      "Chain wear checker worth it?",
      "Winter commuting tyres",
    ],
    main: [
      post("greasemonkey", "Oct 12", [
        "Fitted new organic pads on my rear brake and now it squeals loudly at low speed. Rotor looks clean. Any ideas before I buy a new rotor?",
      ]),
      post("brightwell", "Oct 12", [
        "New pads need bedding in. Find a quiet road, get up to moderate speed and brake hard to walking pace ten or fifteen times without stopping completely. It deposits an even layer of pad material on the rotor.",
      ]),
      post("greasemonkey", "Oct 14", [
        "Bedding in fixed most of it. Cleaned the rotor with isopropyl alcohol as well and it is silent now.",
      ]),
    ].join("\n"),
    label: p(
      "Fitted new organic pads on my rear brake and now it squeals loudly at low speed. Rotor looks clean. Any ideas before I buy a new rotor?",
      "New pads need bedding in. Find a quiet road, get up to moderate speed and brake hard to walking pace ten or fifteen times without stopping completely. It deposits an even layer of pad material on the rotor.",
      "Bedding in fixed most of it. Cleaned the rotor with isopropyl alcohol as well and it is silent now.",
    ),
  },
  {
    slug: "short-not-found",
    site: "plainSite",
    siteName: "Northway Rail",
    title: "Page not found",
    main: `<h1>Page not found</h1><p>Sorry, we could not find that page. It may have moved. Try the <a href="/search">search</a> or go back to the <a href="/">home page</a>.</p>`,
  },
  {
    slug: "short-login",
    site: "plainSite",
    siteName: "Ledgerly",
    title: "Log in",
    main: `<h1>Log in to Ledgerly</h1><form><label>Email</label><input type="email"><label>Password</label><input type="password"><button>Log in</button></form><p><a href="/forgot">Forgot your password?</a> New here? <a href="/signup">Create an account</a>.</p>`,
  },
  {
    slug: "short-contact",
    site: "plainSite",
    siteName: "Halvorsen Museum",
    title: "Contact us",
    main: `<h1>Contact us</h1><p>Halvorsen Museum of Local History, 4 Quay Street.</p><p>Telephone 0140 555 0192. Open Tuesday to Sunday, 10 am to 5 pm.</p><p>For group bookings, write to the education team.</p>`,
  },
];
