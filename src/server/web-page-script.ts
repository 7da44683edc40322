/**
 * The page's only script. The API token (when the server wants one) is kept in sessionStorage for
 * this tab. Events are read with fetch (EventSource cannot send an Authorization header). Every
 * server value is inserted as text, except the research, which the server renders and sanitizes.
 */
export const PAGE_SCRIPT = `
"use strict";
const $ = (id) => document.getElementById(id);
const tokenKey = "idea-explorer-token";
let watching = null;

function headers(extra) {
  const h = Object.assign({}, extra || {});
  const token = sessionStorage.getItem(tokenKey);
  if (token) h.Authorization = "Bearer " + token;
  return h;
}

async function api(path, init) {
  const response = await fetch(path, Object.assign({}, init, { headers: headers(init && init.headers) }));
  const type = response.headers.get("content-type") || "";
  const body = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const message = body && body.error ? body.error.message : "HTTP " + response.status;
    throw new Error(response.status === 401 ? message + " (set the API token above)" : message);
  }
  return body;
}

function show(id, text, isError) {
  const el = $(id);
  el.textContent = text;
  el.className = isError ? "error" : "muted";
}

function describeProgress(data) {
  const p = data.progress || {};
  const parts = ["status: " + data.status];
  if (data.current_step || p.step) parts.push("step: " + (data.current_step || p.step));
  if (p.agent_step != null) parts.push("agent step " + p.agent_step + (p.max_steps ? "/" + p.max_steps : ""));
  if (p.tool_calls != null) parts.push(p.tool_calls + " tool calls");
  if (p.input_tokens != null || p.output_tokens != null) parts.push((p.input_tokens || 0) + " in / " + (p.output_tokens || 0) + " out tokens");
  if (p.message) parts.push(p.message);
  return parts.join(" · ");
}

async function watch(jobId) {
  if (watching) watching.abort();
  const controller = new AbortController();
  watching = controller;
  $("report").textContent = "";
  show("progress", "waiting for job " + jobId + "…");
  try {
    const response = await fetch("/api/jobs/" + encodeURIComponent(jobId) + "/events", { headers: headers(), signal: controller.signal });
    if (!response.ok) throw new Error((await response.json()).error.message);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\\n\\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = "message"; const data = [];
        for (const line of block.split("\\n")) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
        if (data.length === 0) continue;
        const payload = JSON.parse(data.join("\\n"));
        if (event === "progress") show("progress", describeProgress(payload));
        if (event === "result") await showResult(payload);
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) show("progress", error.message, true);
  }
}

// As the CLI prints it (models/pricing.ts formatCost): never a guess for an unpriced model.
function costText(cost) {
  if (!cost.priced) return "cost unknown (" + cost.reason + ")";
  return "$" + (cost.usd >= 0.01 || cost.usd === 0 ? cost.usd.toFixed(2) : cost.usd.toPrecision(2));
}

async function showResult(job) {
  refreshJobs();
  if (job.status === "failed") {
    show("progress", "failed: " + job.error.message + " (" + job.error.code + ")", true);
    return;
  }
  const result = job.result || {};
  const stats = result.stats || {};
  const facts = [result.path, stats.citedSources === undefined ? "" : "cited " + stats.citedSources + " of " + stats.sources + " sources", stats.cost ? costText(stats.cost) : ""];
  show("progress", ["completed", ...facts.filter(Boolean)].join(" · "));
  try {
    $("report").innerHTML = await api(job.research_url + "?format=html");
  } catch (error) {
    show("progress", error.message, true);
  }
}

async function refreshJobs() {
  try {
    const { jobs } = await api("/api/jobs?limit=20");
    const rows = $("jobs");
    rows.replaceChildren();
    for (const job of jobs) {
      const tr = document.createElement("tr");
      tr.dataset.job = job.job_id;
      for (const [text, cls] of [[job.idea || "", ""], [job.mode || "", ""], [job.status, "status-" + job.status], [job.created_at.replace("T", " ").slice(0, 19), "muted"]]) {
        const td = document.createElement("td");
        td.textContent = text;
        if (cls) td.className = cls;
        tr.append(td);
      }
      tr.addEventListener("click", () => watch(job.job_id));
      rows.append(tr);
    }
    show("jobs-error", jobs.length === 0 ? "no jobs yet" : "");
  } catch (error) {
    show("jobs-error", error.message, true);
  }
}

$("token").value = sessionStorage.getItem(tokenKey) || "";
$("token").addEventListener("change", () => {
  const value = $("token").value.trim();
  if (value) sessionStorage.setItem(tokenKey, value); else sessionStorage.removeItem(tokenKey);
  refreshJobs();
});

$("explore").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = { idea: $("idea").value, mode: $("mode").value };
  // Sent only when chosen, so a quick run's body stays what it always was.
  if ($("depth").value === "deep") body.depth = "deep";
  const model = $("model").value.trim();
  if (model) body.model = model;
  $("submit").disabled = true;
  show("submit-error", "");
  try {
    const answer = await api("/api/explore", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (answer.job_id && answer.status === "pending") watch(answer.job_id);
    else show("progress", "already explored" + (answer.path ? ": " + answer.path : ""));
    refreshJobs();
  } catch (error) {
    show("submit-error", error.message, true);
  } finally {
    $("submit").disabled = false;
  }
});

refreshJobs();
`;
