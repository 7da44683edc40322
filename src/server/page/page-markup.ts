/**
 * The page's markup: labelled fields, one heading per section, an aria-live status line. No
 * inline handler or style attribute (the CSP allows neither); the script fills the lists.
 */
export const PAGE_BODY = `<a class="skip" href="#library-heading">Skip to the library</a>
<header class="top">
  <h1>idea-explorer</h1>
  <nav aria-label="Sections"><a href="#explore-heading">Explore</a><a href="#library-heading">Library</a><a href="#jobs-heading">Jobs</a></nav>
  <form id="token-form" hidden>
    <div><label for="token">API token</label><input id="token" type="password" autocomplete="off" placeholder="kept for this tab only"></div>
    <button type="submit" class="secondary">Use token</button>
  </form>
</header>
<p id="status" class="status-line" role="status" aria-live="polite"></p>
<main class="layout">
<section class="area-explore" aria-labelledby="explore-heading">
  <h2 id="explore-heading" tabindex="-1">Explore an idea</h2>
  <form id="explore">
    <label for="idea">Idea</label>
    <textarea id="idea" name="idea" required maxlength="10000" placeholder="A subscription bakery for dogs"></textarea>
    <div class="row">
      <div><label for="mode">Mode</label>
        <select id="mode" name="mode"><option value="business">business (viability)</option><option value="exploration">exploration (directions)</option></select></div>
      <div><label for="depth">Depth</label>
        <select id="depth" name="depth"><option value="quick">quick (one research run)</option><option value="deep">deep (sub-questions)</option></select></div>
    </div>
    <label for="model">Model (optional)</label><input id="model" name="model" placeholder="server default" autocomplete="off">
    <details id="more-options">
      <summary>Context, continue from, an idea explored before</summary>
      <label for="context">Context (optional)</label>
      <textarea id="context" name="context" maxlength="10000" placeholder="What you already know, constraints, who it is for"></textarea>
      <label for="continue-from">Continue from (an earlier exploration's folder, optional)</label>
      <input id="continue-from" name="continue_from" maxlength="300" placeholder="2026-01-05-my-idea" autocomplete="off">
      <fieldset>
        <legend>If this idea was explored before</legend>
        <label><input type="radio" name="again" value="open" checked> open the earlier exploration</label>
        <label><input type="radio" name="again" value="update"> add an update to it</label>
        <label><input type="radio" name="again" value="force"> explore it again in a new folder</label>
      </fieldset>
    </details>
    <div class="actions submit-row"><button id="submit" type="submit">Explore</button><p id="estimate" class="muted" aria-live="polite"></p></div>
    <p id="submit-error" class="error" role="alert" hidden></p>
  </form>
</section>
<div class="area-main">
<section id="progress-section" aria-labelledby="progress-heading" hidden>
  <h2 id="progress-heading" tabindex="-1">Progress</h2>
  <p id="progress-idea"></p>
  <p id="progress" class="muted"></p>
  <dl id="progress-facts" class="facts"></dl>
  <p id="progress-checks" class="checks-line" hidden></p>
  <div class="actions">
    <button id="cancel-job" type="button" class="secondary" hidden>Cancel this job</button>
    <button id="retry-job" type="button" hidden>Retry this job</button>
    <a id="open-result" class="button secondary" hidden>Open the exploration</a>
  </div>
  <div id="deep" hidden><h3>Plan</h3><pre id="plan"></pre><h3>Latest</h3><ol id="lines"></ol></div>
  <div class="live-lists">
    <div><h3 id="queries-heading">Searches</h3><ol id="queries" aria-labelledby="queries-heading"></ol></div>
    <div><h3 id="pages-heading">Pages retrieved</h3><ol id="pages" aria-labelledby="pages-heading"></ol></div>
  </div>
</section>
<section id="exploration-section" aria-labelledby="exploration-heading" hidden>
  <h2 id="exploration-heading" tabindex="-1">Exploration</h2>
  <p id="exploration-meta" class="meta"></p>
  <div class="actions" role="group" aria-label="Actions on this exploration">
    <button id="action-update" type="button">Update</button>
    <button id="action-force" type="button" class="secondary">Explore again</button>
    <button id="action-continue" type="button" class="secondary">Continue from</button>
    <button id="action-download" type="button" class="secondary">Download research.md</button>
    <button id="action-copy" type="button" class="secondary">Copy as Markdown</button>
  </div>
  <div id="log-summary" hidden>
    <h3>Run log</h3>
    <dl id="log-facts" class="facts"></dl>
    <p id="log-checks" class="checks-line" hidden></p>
    <details><summary id="log-queries-summary">Searches made</summary><ol id="log-queries"></ol></details>
  </div>
  <article id="report" aria-labelledby="exploration-heading"></article>
</section>
<section aria-labelledby="library-heading">
  <h2 id="library-heading" tabindex="-1">Library</h2>
  <form id="library-search" role="search" class="search-row">
    <div class="wide"><label for="q">Search the library</label><input id="q" type="search" maxlength="200" placeholder="words of the idea or title"></div>
    <div><label for="library-mode">Mode</label>
      <select id="library-mode"><option value="">all</option><option value="business">business</option><option value="exploration">exploration</option></select></div>
    <div><label for="library-sort">Sort</label>
      <select id="library-sort"><option value="newest">newest first</option><option value="oldest">oldest first</option><option value="stalest">stalest first</option><option value="match">best match</option></select></div>
    <div><button type="submit">Search</button></div>
  </form>
  <p id="library-info" class="muted" aria-live="polite"></p>
  <ul id="library" class="cards" aria-labelledby="library-heading"></ul>
  <nav class="pager" aria-label="Library pages">
    <button id="library-prev" type="button" class="secondary">Previous page</button>
    <span id="library-page"></span>
    <button id="library-next" type="button" class="secondary">Next page</button>
  </nav>
</section>
</div>
<section class="area-jobs" aria-labelledby="jobs-heading">
  <h2 id="jobs-heading" tabindex="-1">Jobs</h2>
  <form id="jobs-filter" class="search-row">
    <div><label for="jobs-status">Status</label>
      <select id="jobs-status"><option value="">all</option><option value="pending">pending</option><option value="running">running</option><option value="completed">completed</option><option value="failed">failed</option></select></div>
    <div><label for="jobs-mode">Mode</label>
      <select id="jobs-mode"><option value="">all</option><option value="business">business</option><option value="exploration">exploration</option></select></div>
    <div><button id="jobs-refresh" type="submit" class="secondary">Refresh</button></div>
  </form>
  <p id="jobs-info" class="muted"></p>
  <ul id="jobs" class="cards" aria-labelledby="jobs-heading"></ul>
  <button id="jobs-more" type="button" class="secondary" hidden>More jobs</button>
</section>
</main>`;
