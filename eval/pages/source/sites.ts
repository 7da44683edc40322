/**
 * The chrome around each page's main content, one function per kind of site, written for this
 * project: navigation, cookie banners, related links, newsletter boxes, comments and footers of
 * the sort real sites put around an article. Each takes the page's own parts and returns HTML.
 */
export interface PageParts {
  title: string;
  site: string;
  /** The main content's HTML: what the label holds. */
  main: string;
  byline?: string;
  date?: string;
  /** Per-page chrome text: related headlines, comments, sidebar notes. */
  related?: string[];
  comments?: { who: string; text: string }[];
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const links = (items: string[], base: string) =>
  items.map((t, i) => `<li><a href="${base}/${i + 1}-${slug(t)}">${esc(t)}</a></li>`).join("\n");
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);

const head = (p: PageParts, extra = "") => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${esc(p.title)} | ${esc(p.site)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="og:site_name" content="${esc(p.site)}">
${p.date ? `<meta property="article:published_time" content="${p.date}">` : ""}
${p.byline ? `<meta name="author" content="${esc(p.byline)}">` : ""}
<link rel="stylesheet" href="/assets/site.css">
<style>.cookie{position:fixed;bottom:0}.hidden{display:none}</style>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());</script>
${extra}
</head>`;

const cookieBanner = (site: string) => `<div class="cookie-banner" id="consent" role="dialog">
<p>${esc(site)} and our partners use cookies and similar technologies to remember your preferences, measure how our pages are used and show you relevant advertising. You can accept all cookies, reject the optional ones, or choose which purposes you allow.</p>
<button>Accept all</button> <button>Reject optional</button> <a href="/cookie-settings">Manage settings</a>
</div>`;

const comments = (p: PageParts) =>
  p.comments?.length
    ? `<section id="comments" class="comments"><h3>${p.comments.length} comments</h3>
${p.comments.map((c) => `<div class="comment"><div class="comment-meta"><span class="author">${esc(c.who)}</span> <span class="when">2 days ago</span></div><p>${esc(c.text)}</p><a href="#reply" class="reply">Reply</a></div>`).join("\n")}
<form class="comment-form"><label>Leave a comment</label><textarea name="c"></textarea><button>Post</button></form></section>`
    : "";

export function newsSite(p: PageParts): string {
  return `${head(p, `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":${JSON.stringify(p.title)},"datePublished":${JSON.stringify(p.date ?? "")},"author":{"@type":"Person","name":${JSON.stringify(p.byline ?? "")}},"publisher":{"@type":"Organization","name":${JSON.stringify(p.site)}}}</script>`)}
<body class="article-page">
${cookieBanner(p.site)}
<header class="masthead"><a class="logo" href="/">${esc(p.site)}</a>
<nav class="main-nav"><ul><li><a href="/news">News</a></li><li><a href="/local">Local</a></li><li><a href="/business">Business</a></li><li><a href="/science">Science</a></li><li><a href="/sport">Sport</a></li><li><a href="/culture">Culture</a></li><li><a href="/opinion">Opinion</a></li></ul></nav>
<div class="subscribe-cta"><a href="/subscribe">Subscribe from 1 a week</a> <a href="/login">Sign in</a></div>
</header>
<div class="ticker"><span>Latest:</span> <a href="/n/1">Council approves bus lane trial</a> <a href="/n/2">Storm warning lifted for coastal districts</a></div>
<main id="content">
<article class="story">
<div class="story-header"><a class="section-label" href="/news">News</a>
<h1 class="headline">${esc(p.title)}</h1>
<div class="byline">By <a rel="author" href="/authors/${slug(p.byline ?? "staff")}">${esc(p.byline ?? "Staff reporter")}</a> · <time datetime="${p.date ?? ""}">${p.date?.slice(0, 10) ?? ""}</time></div>
<div class="share"><a href="/share/fb">Share</a> <a href="/share/x">Post</a> <a href="/share/mail">Email</a></div></div>
<div class="story-body">
${p.main}
</div>
<div class="newsletter-box"><h4>Get the morning briefing</h4><p>The five stories you need before breakfast, in your inbox every weekday.</p><form><input type="email" placeholder="Your email"><button>Sign up</button></form></div>
</article>
<aside class="related"><h3>More from ${esc(p.site)}</h3><ul>${links(p.related ?? [], "/news")}</ul></aside>
${comments(p)}
</main>
<footer class="site-footer"><div class="cols"><ul><li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li><li><a href="/careers">Careers</a></li><li><a href="/advertise">Advertise</a></li></ul>
<ul><li><a href="/privacy">Privacy policy</a></li><li><a href="/terms">Terms of use</a></li><li><a href="/cookies">Cookie policy</a></li><li><a href="/corrections">Corrections</a></li></ul></div>
<p>© 2025 ${esc(p.site)} Media Group. All rights reserved. Registered in England and Wales.</p></footer>
<script src="/assets/app.js"></script>
</body></html>
`;
}

export function blogSite(p: PageParts): string {
  return `${head(p)}
<body>
<div id="page" class="site">
<header id="masthead" class="site-header"><div class="site-branding"><p class="site-title"><a href="/">${esc(p.site)}</a></p><p class="site-description">Notes on making things, slowly</p></div>
<nav id="site-navigation" class="main-navigation"><ul id="primary-menu"><li><a href="/">Home</a></li><li><a href="/archive">Archive</a></li><li><a href="/about">About</a></li><li><a href="/now">Now</a></li></ul></nav></header>
<div id="content" class="site-content"><div id="primary" class="content-area"><main id="main" class="site-main">
<article class="post type-post status-publish hentry">
<header class="entry-header"><h1 class="entry-title">${esc(p.title)}</h1>
<div class="entry-meta"><span class="posted-on">Posted on <time class="entry-date published" datetime="${p.date ?? ""}">${p.date?.slice(0, 10) ?? ""}</time></span> <span class="byline">by <span class="author vcard"><a class="url fn n" href="/author/me">${esc(p.byline ?? "admin")}</a></span></span></div></header>
<div class="entry-content">
${p.main}
</div>
<footer class="entry-footer"><span class="cat-links">Posted in <a href="/category/notes" rel="category tag">Notes</a></span> <span class="tags-links">Tagged <a href="/tag/craft">craft</a>, <a href="/tag/practice">practice</a></span></footer>
</article>
<nav class="navigation post-navigation"><div class="nav-links"><div class="nav-previous"><a href="/prev">Previous post: ${esc((p.related ?? ["Older notes"])[0] ?? "")}</a></div><div class="nav-next"><a href="/next">Next post: ${esc((p.related ?? ["", "Newer notes"])[1] ?? "")}</a></div></div></nav>
${comments(p)}
</main></div>
<aside id="secondary" class="widget-area"><section class="widget widget_text"><h2 class="widget-title">About</h2><div class="textwidget"><p>I write about workshops, gardens and the tools in between. Opinions are my own and usually wrong at first.</p></div></section>
<section class="widget widget_recent_entries"><h2 class="widget-title">Recent posts</h2><ul>${links(p.related ?? [], "/posts")}</ul></section>
<section class="widget widget_archive"><h2 class="widget-title">Archives</h2><ul><li><a href="/2025/05">May 2025</a></li><li><a href="/2025/04">April 2025</a></li><li><a href="/2025/03">March 2025</a></li><li><a href="/2025/02">February 2025</a></li></ul></section>
<section class="widget widget_newsletter"><h2 class="widget-title">Newsletter</h2><p>One email a month with whatever I finished. No tracking, unsubscribe any time.</p><form><input type="email"><button>Subscribe</button></form></section></aside>
</div>
<footer id="colophon" class="site-footer"><div class="site-info">Proudly powered by a text editor. © ${esc(p.byline ?? "the author")}. <a href="/feed">RSS</a></div></footer>
</div></body></html>
`;
}

export function docsSite(p: PageParts): string {
  const sidebar = (p.related ?? [])
    .map((t) => `<li class="toc-item"><a href="/docs/${slug(t)}">${esc(t)}</a></li>`)
    .join("\n");
  return `${head(p)}
<body class="docs">
<div class="announcement">Version 4 is out. <a href="/blog/v4">Read the release notes</a>.</div>
<header class="navbar"><a class="brand" href="/">${esc(p.site)}</a><div class="navbar-items"><a href="/docs">Docs</a><a href="/api">API</a><a href="/blog">Blog</a><a href="https://github.example/org/repo">GitHub</a></div><div class="search"><input placeholder="Search docs ⌘K"></div></header>
<div class="layout">
<aside class="sidebar"><nav aria-label="Docs sidebar"><ul class="menu">
<li class="menu-category">Getting started</li>${sidebar}
</ul></nav></aside>
<main class="doc-main"><div class="breadcrumbs"><a href="/docs">Docs</a> › <a href="/docs/guides">Guides</a> › <span>${esc(p.title)}</span></div>
<article class="markdown"><h1>${esc(p.title)}</h1>
${p.main}
</article>
<div class="doc-footer"><a class="edit" href="/edit">Edit this page</a> <span class="last-updated">Last updated on ${p.date?.slice(0, 10) ?? "2025-01-01"}</span></div>
<nav class="pagination-nav"><a class="prev" href="/docs/prev"><div class="sublabel">Previous</div><div class="label">${esc((p.related ?? ["Overview"])[0] ?? "")}</div></a><a class="next" href="/docs/next"><div class="sublabel">Next</div><div class="label">${esc((p.related ?? ["", "Reference"])[1] ?? "")}</div></a></nav>
<div class="feedback">Was this page helpful? <button>Yes</button> <button>No</button></div>
</main>
<div class="toc-right"><div class="toc-title">On this page</div><ul>${[...p.main.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => `<li><a href="#${slug(m[1] ?? "")}">${m[1]}</a></li>`).join("")}</ul></div>
</div>
<footer class="footer"><div class="footer-links"><a href="/docs">Docs</a> <a href="/community">Community</a> <a href="/discord">Chat</a> <a href="/license">License</a></div><div class="copyright">Copyright © 2025 ${esc(p.site)} contributors. Built with a static site generator.</div></footer>
</body></html>
`;
}

export function shopSite(p: PageParts): string {
  return `${head(p)}
<body class="product-page">
${cookieBanner(p.site)}
<div class="promo-bar">Free delivery on orders over 40 · 30-day returns</div>
<header class="shop-header"><a href="/" class="logo">${esc(p.site)}</a><form class="search"><input placeholder="Search products"></form><a href="/account">Account</a> <a href="/basket">Basket (0)</a>
<nav class="categories"><a href="/c/kitchen">Kitchen</a> <a href="/c/garden">Garden</a> <a href="/c/outdoor">Outdoor</a> <a href="/c/tools">Tools</a> <a href="/c/sale">Sale</a></nav></header>
<div class="breadcrumb"><a href="/">Home</a> / <a href="/c/all">All products</a> / ${esc(p.title)}</div>
<main class="product">
<div class="gallery"><img src="/img/p1.jpg" alt="${esc(p.title)} front view"><img src="/img/p2.jpg" alt="side view"></div>
<div class="buy-box"><h1 class="product-title">${esc(p.title)}</h1><div class="rating">★★★★☆ <a href="#reviews">87 reviews</a></div><div class="price">£64.00</div>
<form class="add-to-cart"><select><option>Standard</option><option>Large</option></select><button>Add to basket</button></form><p class="stock">In stock — usually dispatched within 24 hours</p></div>
<section class="product-description">
${p.main}
</section>
<section id="reviews" class="reviews"><h2>Customer reviews</h2>${(p.comments ?? []).map((c) => `<div class="review"><div class="stars">★★★★★</div><div class="reviewer">${esc(c.who)}</div><p>${esc(c.text)}</p><span>Helpful? <button>Yes</button></span></div>`).join("\n")}</section>
<section class="also-bought"><h2>Customers also bought</h2><ul>${links(p.related ?? [], "/p")}</ul></section>
</main>
<footer class="shop-footer"><div><h4>Help</h4><a href="/delivery">Delivery</a> <a href="/returns">Returns</a> <a href="/faq">FAQ</a></div><div><h4>Company</h4><a href="/about">About</a> <a href="/stores">Stores</a> <a href="/jobs">Jobs</a></div><p>© 2025 ${esc(p.site)} Ltd. Prices include VAT.</p></footer>
</body></html>
`;
}

export function marketingSite(p: PageParts): string {
  return `${head(p)}
<body class="landing">
${cookieBanner(p.site)}
<header class="top"><a href="/" class="logo">${esc(p.site)}</a><nav><a href="/product">Product</a> <a href="/pricing">Pricing</a> <a href="/customers">Customers</a> <a href="/docs">Docs</a> <a href="/login">Log in</a> <a class="btn" href="/signup">Start free trial</a></nav></header>
<main>
${p.main}
<section class="cta-band"><h2>Ready to get started?</h2><p>Start your 14-day free trial. No credit card required.</p><a class="btn" href="/signup">Start free trial</a> <a href="/demo">Book a demo</a></section>
</main>
<footer><div class="footer-grid"><div><h5>Product</h5><a href="/features">Features</a> <a href="/integrations">Integrations</a> <a href="/changelog">Changelog</a></div><div><h5>Company</h5><a href="/about">About</a> <a href="/blog">Blog</a> <a href="/careers">Careers</a></div><div><h5>Legal</h5><a href="/privacy">Privacy</a> <a href="/terms">Terms</a> <a href="/security">Security</a></div></div><p>© 2025 ${esc(p.site)}, Inc.</p></footer>
</body></html>
`;
}

export function forumSite(p: PageParts): string {
  return `${head(p)}
<body class="forum">
<header class="forum-header"><a href="/" class="logo">${esc(p.site)}</a><nav><a href="/latest">Latest</a> <a href="/categories">Categories</a> <a href="/top">Top</a> <a href="/login">Log in</a> <a href="/signup">Sign up</a></nav></header>
<div class="forum-layout">
<main class="topic">
<div class="topic-title"><h1>${esc(p.title)}</h1><a class="category" href="/c/help">Help &amp; Questions</a></div>
<div class="posts">
${p.main}
</div>
<div class="topic-footer"><button>Reply</button> <button>Bookmark</button> <button>Share</button> <span>${(p.comments ?? []).length + 3} replies · 1.2k views</span></div>
<div class="suggested"><h3>Suggested topics</h3><table><tr><th>Topic</th><th>Replies</th><th>Activity</th></tr>${(p.related ?? []).map((t, i) => `<tr><td><a href="/t/${slug(t)}">${esc(t)}</a></td><td>${i * 3 + 2}</td><td>${i + 1}d</td></tr>`).join("")}</table></div>
</main>
<aside class="forum-sidebar"><h4>Community rules</h4><p>Be kind, stay on topic, search before you post.</p><h4>Top posters this month</h4><ul><li>brightwell</li><li>old_fern</li><li>kettle_logic</li></ul></aside>
</div>
<footer class="forum-footer"><a href="/about">About</a> <a href="/faq">FAQ</a> <a href="/tos">Terms of Service</a> <a href="/privacy">Privacy</a> Powered by open-source forum software</footer>
</body></html>
`;
}

/** A post in a forum thread, for forum pages' main content. */
export function post(who: string, when: string, paragraphs: string[]): string {
  return `<div class="topic-post"><div class="topic-avatar"><img src="/u/${slug(who)}.png" alt=""></div><div class="topic-body"><div class="topic-meta-data"><span class="username"><a href="/u/${slug(who)}">${esc(who)}</a></span> <span class="post-date">${when}</span></div><div class="cooked">${paragraphs.map((x) => `<p>${x}</p>`).join("")}</div><div class="post-controls"><button>Like</button> <button>Reply</button></div></div></div>`;
}

export function plainSite(p: PageParts): string {
  return `${head(p)}
<body>
<header><a href="/">${esc(p.site)}</a> <nav><a href="/">Home</a> <a href="/help">Help</a> <a href="/contact">Contact</a></nav></header>
<main>
${p.main}
</main>
<footer><p>© 2025 ${esc(p.site)}</p> <a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
</body></html>
`;
}
