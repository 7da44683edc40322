import { describe, expect, it } from "vitest";
import { openJobDatabase } from "./job-database.ts";
import { JobStore } from "./job-store.ts";

const store = () => new JobStore(openJobDatabase({ file: ":memory:" }));

describe("JobStore listing", () => {
  it.each([
    [
      { limit: 20, status: "pending" as const },
      /SEARCH jobs USING INDEX jobs_by_status \(status=\?\)/,
    ],
    [{ limit: 20, mode: "business" }, /SEARCH jobs USING INDEX jobs_by_mode \(mode=\?\)/],
    [
      { limit: 20, status: "failed" as const, mode: "business", beforeSeq: 50 },
      /SEARCH jobs USING INDEX jobs_by_status_mode \(status=\? AND mode=\? AND seq<\?\)/,
    ],
    [{ limit: 20, beforeSeq: 50 }, /SEARCH jobs USING INTEGER PRIMARY KEY \(rowid<\?\)/],
    [
      { limit: 20, status: "running" as const, beforeSeq: 50 },
      /SEARCH jobs USING INDEX jobs_by_status \(status=\? AND seq<\?\)/,
    ],
    [
      { limit: 20, mode: "exploration", beforeSeq: 50 },
      /SEARCH jobs USING INDEX jobs_by_mode \(mode=\? AND seq<\?\)/,
    ],
  ])("walks an index for %j, already in order (no sort)", (query, expected) => {
    const plan = store().explainList(query).join("\n");
    expect(plan).toMatch(expected);
    expect(plan).not.toContain("TEMP B-TREE");
  });

  it("filters by status and mode together", () => {
    const s = store();
    s.insert({ kind: "explore", payload: 1, mode: "business" });
    const wanted = s.insert({ kind: "explore", payload: 2, mode: "exploration" });
    s.insert({ kind: "explore", payload: 3, mode: "exploration" });
    s.fail(s.claimNext()!.id, { code: "x", message: "y", retryable: false });
    expect(
      s.list({ limit: 10, mode: "exploration", status: "pending" }).jobs.map((j) => j.id),
    ).toEqual([expect.any(String), wanted.id]);
    expect(s.list({ limit: 10, status: "failed" }).jobs).toHaveLength(1);
  });
});

describe("JobStore secrets", () => {
  it("keeps the webhook URL and callback secret out of every job record", () => {
    const s = store();
    const job = s.insert({
      kind: "explore",
      payload: { idea: "x" },
      webhook: { url: "https://hooks.example/T000/B000/XXXX?token=abc", secret: "topsecret" },
      tokenId: "tok_1",
    });
    const shown = JSON.stringify([job, s.get(job.id), s.list({ limit: 5 }).jobs, s.claimNext()]);
    expect(shown).not.toContain("topsecret");
    expect(shown).not.toContain("XXXX");
    expect(shown).not.toContain("token=abc");
    expect(job.webhook).toEqual({
      status: "pending",
      detail: undefined,
      origin: "https://hooks.example",
    });
    expect(s.webhookTarget(job.id)).toEqual({
      url: "https://hooks.example/T000/B000/XXXX?token=abc",
      secret: "topsecret",
    });
  });
});
