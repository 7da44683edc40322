import type { PageSpec } from "./page-spec.ts";

const p = (...xs: string[]) => xs.map((x) => `<p>${x}</p>`).join("\n");

/** More kinds of page: a press release, an event, a changelog, a glossary, an explainer. */
export const PAGES_C: PageSpec[] = [
  {
    slug: "news-press-release",
    site: "newsSite",
    siteName: "Carrow Water",
    title: "Carrow Water to replace 40 km of old mains by 2027",
    byline: "Press office",
    date: "2025-02-04T09:00:00Z",
    related: ["Bills for 2025 explained", "Leak reporting line", "Annual report published"],
    main: p(
      "Carrow Water today announced a three-year programme to replace 40 kilometres of cast-iron water mains laid before 1930, which account for more than a third of the bursts on its network.",
      "Work will start in April in the Dunmere and Lowmoor districts, where the oldest pipes run beneath residential streets. Crews will use trenchless methods where they can, pulling new plastic pipe through the old one to reduce digging and traffic disruption.",
      "The company expects the programme to cut leakage by around eight per cent and to reduce unplanned supply interruptions. Customers on affected streets will receive a letter at least two weeks before work begins, with the dates and a contact number.",
      "The 62 million programme is funded from the investment plan agreed with the regulator last year and will not add to bills beyond the increases already announced.",
    ),
  },
  {
    slug: "blog-event-writeup",
    site: "blogSite",
    title: "Notes from the repair café, third year",
    byline: "Ruth Okafor",
    date: "2025-04-06",
    related: ["Late frost and the apricot tree", "Compost that actually heats up"],
    comments: [{ who: "Pete", text: "The toaster you fixed in January is still going." }],
    main: `${p(
      "The repair café in the church hall turned three on Saturday. We celebrated the way we always do, by fixing things: forty-seven items came through the door, and thirty-one went home working.",
      "Lamps are still the most common repair, usually a loose wire in the plug or a worn switch. Clothing is second, thanks to our two volunteers with sewing machines, who mended eleven garments including a wedding dress with a torn seam.",
    )}
<h2>What we could not fix</h2>
${p("Anything with a glued-shut case remains the hardest. We opened a pair of wireless earphones with a heat gun and a lot of patience, only to find a battery that is not sold anywhere. We also turned away two coffee machines, for lack of parts.")}
<h2>Next year</h2>
${p("We would like to run a bicycle corner in the car park from May, if we can find two more volunteers with some mechanical experience. If that is you, come and say hello at the next session.")}`,
  },
  {
    slug: "docs-changelog",
    site: "docsSite",
    siteName: "Tern",
    title: "Changelog",
    related: ["Installation", "Quick start", "Configuration", "Upgrading"],
    main: `<h2>4.1.0</h2>
<ul><li>Routes can export a <code>config</code> object to set their own cache lifetime.</li><li>The development server now reloads middleware without a restart.</li><li>Fixed a crash when a route file exported nothing.</li></ul>
<h2>4.0.2</h2>
<ul><li>Fixed compressed responses losing their content type header.</li><li>Documented the order in which environment variables are read.</li></ul>
<h2>4.0.0</h2>
${p("This release drops support for the old callback-style handlers. See the upgrade guide for the two-line change most projects need.")}
<ul><li>Handlers return a response instead of calling <code>res.send</code>.</li><li>Middleware receives <code>next</code> as a function that returns a promise.</li><li>The minimum supported runtime is now version 20.</li></ul>`,
  },
  {
    slug: "docs-glossary",
    site: "docsSite",
    siteName: "Tern",
    title: "Glossary",
    related: ["Installation", "Quick start", "Configuration", "Routing", "Middleware"],
    main: `<dl><dt>Route</dt><dd>A file in the routes directory whose exported handler answers requests for one path.</dd>
<dt>Handler</dt><dd>The function a route exports. It receives a request and returns a response.</dd>
<dt>Middleware</dt><dd>A function that runs before handlers and may change or answer a request.</dd>
<dt>Build cache</dt><dd>Files kept between builds so that unchanged modules are not compiled again.</dd>
<dt>Cold start</dt><dd>The first request served by a new server process, which pays for loading code.</dd></dl>`,
  },
  {
    slug: "news-explainer-heat-pumps",
    site: "newsSite",
    title: "Explainer: how a heat pump heats a house from cold air",
    byline: "Science desk",
    date: "2024-10-15T06:00:00Z",
    related: [
      "Grants for home insulation",
      "Are electric boilers worth it?",
      "Winter energy prices",
    ],
    comments: [
      {
        who: "engineer_jo",
        text: "Good explainer. Worth adding that radiators may need to be bigger because the water runs cooler.",
      },
      { who: "sceptic", text: "Mine struggles below minus five. Nobody mentions that." },
    ],
    main: `${p(
      "It sounds like a trick: a machine that takes heat out of winter air at zero degrees and uses it to warm a house to twenty. But a heat pump works on the same principle as the fridge in your kitchen, run in reverse.",
    )}
<h2>Moving heat, not making it</h2>
${p(
  "A refrigerant far colder than the outside air flows through a coil in the outdoor unit. Because it is colder, it absorbs heat from the air even on a cold day, and evaporates. A compressor then squeezes the vapour, which raises its temperature well above what the house needs. That hot refrigerant passes its heat to the water in the radiators, condenses, and the cycle starts again.",
  "The electricity runs the compressor and the fans. It does not heat the house directly, which is why a heat pump can deliver three or four units of heat for each unit of electricity it uses.",
)}
<h2>When it works less well</h2>
${p("The colder the outside air and the hotter the water the house needs, the harder the compressor works. Well-insulated houses with large radiators or underfloor heating suit heat pumps best, because they can be kept warm with water at 35 to 45 °C.")}`,
  },
];
