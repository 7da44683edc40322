import type { PageSpec } from "./page-spec.ts";

const p = (...xs: string[]) => xs.map((x) => `<p>${x}</p>`).join("\n");

/** News articles and blog posts. */
export const PAGES_A: PageSpec[] = [
  {
    slug: "news-tram-extension",
    site: "newsSite",
    title: "Tram extension to the hospital opens two months early",
    byline: "Maren Holt",
    date: "2025-03-14T07:45:00Z",
    related: [
      "Bridge closure extended into summer",
      "Why bus fares rose again",
      "Cycle lanes: one year on",
    ],
    comments: [
      {
        who: "quietcommuter",
        text: "Finally. My mother has been taking two buses for every appointment.",
      },
      {
        who: "R. Banerjee",
        text: "Early and on budget? I will believe it when the trams actually run on time in winter.",
      },
    ],
    main: `${p(
      "The long-awaited tram extension linking the city centre to St Aldric's Hospital opened to passengers on Thursday morning, eight weeks ahead of the schedule published when construction began.",
      "The 3.2-kilometre line adds four stops, including one inside the hospital grounds, and cuts the journey from the central station to about eleven minutes. Transport officials said the first trams carried more than two thousand people before noon.",
      'Construction crews had been working in two shifts since the autumn, after the contractor agreed to bring forward the track-laying on the hospital section while a car park was closed for resurfacing. "We were lucky with the weather and we were lucky with the ground," said project director Tomasz Wielgosz. "We expected old foundations under the ring road and found almost none."',
    )}
<h2>What it cost</h2>
${p(
  "The final bill is expected to come in at 148 million, slightly under the approved budget. The regional transport authority paid for two thirds of the cost, with the rest coming from a national fund for low-emission transport.",
  "Hospital staff groups welcomed the opening but asked for earlier first services. The first tram now leaves the central station at 5:40, which nurses on the early shift say is too late for a 6:00 start.",
)}
<figure><img src="/img/tram.jpg" alt="A tram at the new hospital stop"><figcaption>The new stop inside the hospital grounds on opening day.</figcaption></figure>
${p("The authority said it would review the timetable after the first month of operation, and that a second phase towards the university campus was still under study.")}`,
  },
  {
    slug: "news-drought-wells",
    site: "newsSite",
    title: "Farmers dig deeper as spring drought drains village wells",
    byline: "Idris Kamara",
    date: "2025-05-02",
    related: [
      "Reservoir levels at ten-year low",
      "Hosepipe ban: what is allowed",
      "Orchards try drip irrigation",
    ],
    comments: [
      { who: "fieldmouse", text: "Our well went dry in April for the first time in forty years." },
    ],
    main: p(
      "In the low hills east of Carrow, the sound of drilling rigs has replaced birdsong this spring. At least nineteen farms have paid to deepen their wells since March, according to the local drillers' association, after the driest February to April on the regional record.",
      'Anneliese Varga, who keeps 160 goats on a farm that has been in her family since the 1950s, said her well dropped below the pump in the second week of April. "We hauled water in a trailer for nine days. You cannot do that for a whole summer," she said. The new borehole, at 64 metres, cost her the equivalent of a year\'s profit.',
      "Hydrologists say the problem is not only the lack of rain. Groundwater in the area sits in fractured limestone that refills quickly after wet winters but drains just as fast, and two mild winters in a row have left the aquifer lower than at any point since monitoring began.",
      'The water authority has asked households to cut use by a tenth and is considering a temporary ban on filling private pools. Farmers\' groups want a grant scheme for deeper wells, arguing that small farms cannot absorb the cost. A spokesperson for the ministry of agriculture said a support package was "under active consideration" and would be announced before the summer.',
    ),
  },
  {
    slug: "news-museum-roof",
    site: "newsSite",
    title: "Museum reopens after roof repair uncovers forgotten murals",
    byline: "Celia Drummond",
    date: "2024-11-20T10:00:00+01:00",
    related: [
      "Five exhibitions to see this winter",
      "Library basement flood: books saved",
      "Theatre season announced",
    ],
    main: `${p(
      "The Halvorsen Museum of Local History reopened its doors on Saturday after a two-year roof repair that turned up an unexpected bonus: a series of painted panels hidden above a suspended ceiling since the 1960s.",
      "Workers removing rotten joists in the east gallery found the panels, which show scenes of the town's harbour, the rope works and a winter market on the frozen river. Conservators believe they were painted in the 1920s by a local sign painter, Edvard Lund, whose signature was found in one corner.",
    )}
<blockquote><p>We had photographs of the room with the murals, but everyone assumed they had been painted over.</p></blockquote>
${p(
  "Curator Ingrid Sæther said the discovery forced a change of plan. Instead of reinstalling the permanent collection in the east gallery, the museum has left the room almost empty so that visitors can look up at the panels. Scaffolding towers with small viewing platforms let children see the details up close.",
  "Entry remains free for residents. The museum is open Tuesday to Sunday, and guided tours of the murals run at eleven and two.",
)}`,
  },
  {
    slug: "news-chess-prodigy-short",
    site: "newsSite",
    title: "Eleven-year-old wins regional chess title",
    byline: "Staff reporter",
    date: "2025-01-09",
    related: [
      "School choir heads to national final",
      "Swimming pool hours change",
      "Library adds board game nights",
      "Marathon route published",
      "New café on the quay",
      "Festival line-up revealed",
      "Road works on Elm Street",
    ],
    comments: [
      {
        who: "knightfork",
        text: "Well played! I lost to her at the club last year and she was only ten.",
      },
      { who: "Gareth P", text: "Great to see junior chess getting some coverage." },
      {
        who: "mum_of_three",
        text: "My son started playing after watching her at the library. Thank you for the story.",
      },
    ],
    main: p(
      "Lena Osei, eleven, won the regional open chess championship on Sunday, beating players up to six times her age. She finished the seven-round tournament with six wins and one draw, and will represent the region at the national championship in June.",
    ),
  },
  {
    slug: "news-data-heat-table",
    site: "newsSite",
    title: "Which towns had the hottest summer? The figures, town by town",
    byline: "Data desk",
    date: "2024-09-03",
    related: [
      "How we measured it",
      "Heat and sleep: what the studies say",
      "Shade trees planted in 12 towns",
    ],
    main: `${p(
      "This summer was the second warmest since records began in the region. We compiled the daily maximum temperatures from the twelve official weather stations to see where it was hottest, and for how long.",
      "The table below lists, for each station, the average daily maximum from June to August, the number of days above 30 °C and the highest single reading.",
    )}
<table class="data"><thead><tr><th>Station</th><th>Average maximum</th><th>Days above 30 °C</th><th>Highest</th></tr></thead><tbody>
<tr><td>Ashby Marsh</td><td>26.8</td><td>19</td><td>35.1</td></tr>
<tr><td>Brennock</td><td>25.9</td><td>14</td><td>34.0</td></tr>
<tr><td>Coldharbour</td><td>23.1</td><td>4</td><td>31.2</td></tr>
<tr><td>Dunmere</td><td>27.4</td><td>23</td><td>36.3</td></tr>
<tr><td>Eastwick Airfield</td><td>26.2</td><td>17</td><td>35.8</td></tr>
<tr><td>Fenwold</td><td>25.5</td><td>12</td><td>33.4</td></tr>
<tr><td>Greyhope Point</td><td>21.7</td><td>1</td><td>30.2</td></tr>
<tr><td>Harrowgate Mill</td><td>26.0</td><td>15</td><td>34.9</td></tr>
<tr><td>Ilsley</td><td>24.8</td><td>9</td><td>33.0</td></tr>
<tr><td>Juniper Hill</td><td>22.9</td><td>3</td><td>31.0</td></tr>
<tr><td>Kestrel Bay</td><td>22.4</td><td>2</td><td>30.6</td></tr>
<tr><td>Lowmoor</td><td>27.0</td><td>21</td><td>35.6</td></tr>
</tbody></table>
${p(
  "Inland stations in the river valley, Dunmere, Lowmoor and Ashby Marsh, were consistently the hottest. Coastal stations rarely passed 30 °C, because sea breezes set in most afternoons.",
  "Meteorologists caution that a single summer says little about the trend, but the number of days above 30 °C at Dunmere has roughly tripled compared with the 1990s average.",
)}`,
  },
  {
    slug: "news-opinion-libraries",
    site: "newsSite",
    title: "Opinion: Libraries are the last indoor public space we do not have to pay for",
    byline: "Priya Raman",
    date: "2025-02-17T16:30:00Z",
    related: [
      "Letters: readers on library opening hours",
      "The quiet carriage is dead",
      "In defence of the public bench",
    ],
    comments: [
      {
        who: "bookworm_88",
        text: "Spot on. Our branch is the only place teenagers can go after school without spending money.",
      },
      { who: "ratepayer", text: "Somebody pays for them, though. The council tax bill says so." },
      {
        who: "Leonie",
        text: "Ours cut Saturday afternoons last year. The queue on Saturday mornings is now out of the door.",
      },
    ],
    main: p(
      "Think of the places you can sit indoors, for as long as you like, without buying anything. Train stations have moved their benches behind ticket barriers. Shopping centres employ staff to move people along. Cafés quietly tolerate a laptop for the price of a coffee, but not for a whole afternoon.",
      "The public library is nearly the only one left. It is warm in winter and cool in summer. It has toilets, desks, electricity and an internet connection. It asks nothing of you except that you keep your voice down, and even that rule has relaxed.",
      "That is why the proposal to cut opening hours at eleven branches deserves more scrutiny than it has had. The savings are real but small, around 0.4 per cent of the council's budget, and the people who lose most are those with nowhere else to go: pensioners who cannot afford to heat their homes all day, students sharing crowded flats, job seekers without a computer at home.",
      "Councils are right to ask whether every branch is used. But usage should be counted honestly, including the people who come to sit, read a newspaper or charge a phone, and not only the loans. A library that lends fewer books but shelters more people is not failing. It is doing the job we have quietly given it.",
    ),
  },
  {
    slug: "news-br-divs-legacy",
    site: "plainSite",
    title: "Parish council minutes summary, April meeting",
    byline: "Parish clerk",
    date: "2025-04-28",
    main: `<div class="minutes">The April meeting of the parish council was held in the village hall with seven councillors and twelve residents present. Apologies were received from Cllr Whitlock.<br><br>
Residents raised the condition of the footpath between Mill Lane and the church, which floods after heavy rain. The clerk reported that the county highways team has inspected the path and will install a new drain in the summer, subject to funding.<br><br>
The council agreed to contribute towards the cost of replacing the play area's swings, which failed their annual safety inspection. Two quotes have been received and a third has been requested before a final decision in May.<br><br>
The council noted the planning application for two houses on the former garage site and resolved to raise no objection, but asked that the hedge on the western boundary be kept.<br><br>
The next meeting will be held on the third Tuesday of May at 7.30 pm. Members of the public are welcome to attend and may speak during the open session at the start of the meeting.</div>`,
  },
  {
    slug: "blog-sharpening-chisels",
    site: "blogSite",
    title: "What I got wrong about sharpening chisels",
    byline: "Tove Lindqvist",
    date: "2025-05-11",
    related: ["A bench made from one plank", "Hide glue, finally", "The shop in winter"],
    comments: [
      {
        who: "Marcus",
        text: "The bit about the secondary bevel saved me a lot of time, thank you.",
      },
      {
        who: "woodchuck",
        text: "Have you tried a strop with green compound after the fine stone?",
      },
    ],
    main: `${p(
      "For years I sharpened my chisels the way I was shown in a night class: flatten the back, grind a 25-degree bevel, hone a 30-degree microbevel and strop. It worked. It also took me twenty minutes per chisel and I dreaded it, so I did it too rarely, so I worked with dull tools most of the time.",
      "The mistake was not the angles. It was treating sharpening as a separate job instead of a habit.",
    )}
<h2>Flatten only what matters</h2>
${p("You do not need a mirror-flat back all the way up the chisel. You need the first centimetre behind the edge to be flat and polished. Everything beyond that never touches the wood at the cutting edge. Once I accepted this, flattening a new chisel went from an evening to ten minutes.")}
<h2>Hone more, grind less</h2>
${p("A hollow grind on a wheel means that honing only touches the two ends of the bevel, so each touch-up takes seconds. I now grind maybe twice a year and hone every time I feel the chisel push instead of slice.")}
<ul><li>Coarse stone only for chips and new tools</li><li>Fine stone for the microbevel, about ten strokes</li><li>Strop on leather, five strokes each side</li></ul>
${p("The result is not sharper chisels. It is chisels that are sharp more of the time, which is what I actually wanted.")}`,
  },
  {
    slug: "blog-recipe-lentil-soup",
    site: "blogSite",
    title: "Red lentil soup for cold evenings",
    byline: "Hanne Brekke",
    date: "2024-12-01",
    related: ["Rye bread without a starter", "Pickled red onions", "A pot of beans, three ways"],
    comments: [
      { who: "Sam", text: "Made this tonight with smoked paprika, lovely." },
      { who: "Ola", text: "Can I freeze it?" },
      { who: "Hanne Brekke", text: "Yes, it freezes well for up to three months." },
    ],
    main: `${p(
      "This is the soup I make when the fridge is nearly empty and everyone is hungry. It needs nothing you cannot keep in a cupboard for months, and it is ready in half an hour.",
    )}
<h2>Ingredients</h2>
<ul><li>250 g red lentils, rinsed</li><li>1 onion, chopped</li><li>2 carrots, grated</li><li>2 cloves garlic</li><li>1 teaspoon ground cumin</li><li>1 tin chopped tomatoes</li><li>1.2 litres vegetable stock</li><li>Juice of half a lemon</li></ul>
<h2>Method</h2>
<ol><li>Soften the onion and carrot in a little oil for eight minutes.</li><li>Add the garlic and cumin and cook for one minute more.</li><li>Add the lentils, tomatoes and stock. Simmer for twenty minutes, until the lentils fall apart.</li><li>Blend half of the soup and stir it back in. Season, and finish with the lemon juice.</li></ol>
${p("If you have yoghurt, a spoonful on top is good. So is a handful of chopped parsley, or some chilli flakes fried in butter.")}`,
  },
  {
    slug: "blog-remote-meetings",
    site: "blogSite",
    title: "Six months without recurring meetings",
    byline: "Jonas Feld",
    date: "2025-03-03",
    related: ["Writing things down", "The weekly note", "On saying no"],
    main: p(
      "In September our team of nine cancelled every recurring meeting on the calendar: the daily stand-up, the weekly planning session, the fortnightly retrospective. We kept the ability to call a meeting whenever one was needed. This is what happened over the next six months.",
      "The first month was uncomfortable. People did not know what others were working on, and two of us built nearly the same tool in the same week. We responded by writing a short note at the end of each day in a shared channel: what I did, what I am stuck on, what I will do next. That note took three minutes to write and replaced the stand-up almost entirely.",
      "Planning was harder. Without a weekly session, priorities drifted. We settled on a written plan that the lead updates every Monday, with comments open until Tuesday noon. Most weeks nobody comments. When someone disagrees, a meeting gets called, and it is a better meeting, because the people in it actually have something to settle.",
      "The retrospective is the one we brought back, monthly instead of every two weeks. Reflection, it turns out, does not happen on its own in writing. People need the room.",
      "Across the six months we spent about forty per cent less time in meetings, by calendar count. Whether we shipped more is harder to say. We certainly complained less.",
    ),
  },
  {
    slug: "blog-garden-frost",
    site: "blogSite",
    title: "Late frost and the apricot tree",
    byline: "Ruth Okafor",
    date: "2024-04-22T21:10:00Z",
    related: ["Pruning the old pear", "Compost that actually heats up"],
    main: p(
      "The apricot flowered on the ninth of March this year, three weeks earlier than the first year we had it. It was beautiful for exactly eleven days. Then the forecast showed minus four for two nights running.",
      "Apricots flower early and frost kills the open blossom at around minus two. There is not much a gardener can do for a tree that is already four metres tall. I tried what I could: a string of old incandescent Christmas lights wound through the lower branches, and a frost fleece thrown over the parts I could reach from a ladder.",
      "The fleeced branches set fruit. The rest did not, with one odd exception: a branch right above the lights, which gave off just enough warmth. We picked thirty-one apricots in July, all from the bottom third of the tree.",
      "Next year I want to try something less improvised. Some growers in colder valleys spray water on their trees through the frost, because freezing water releases heat and holds the blossom at zero. That needs a lot of water and a steady supply, which we do not have. More fleece, and perhaps a smaller tree, might be the honest answer.",
    ),
  },
  {
    slug: "blog-short-announcement",
    site: "blogSite",
    title: "Taking a break",
    byline: "Jonas Feld",
    date: "2025-06-01",
    related: [
      "Six months without recurring meetings",
      "Writing things down",
      "The weekly note",
      "On saying no",
      "Tools I stopped using",
    ],
    comments: [{ who: "reader42", text: "Enjoy the summer, see you in autumn." }],
    main: p("I am taking the summer off from writing here. New posts will be back in September."),
  },
];
