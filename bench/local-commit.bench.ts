/**
 * The cost of committing one exploration to a local git repository: LocalStore's plumbing
 * commit (blobs, a private index, commit-tree, update-ref compare-and-swap, then the working
 * tree and the two index entries) versus what it replaced, `git add` + `git commit --only` of
 * the same two files, in the same run on twin repositories that grow alike. The two alternate
 * commit by commit, so neither gets a warmer disk cache. Reported: ms per exploration commit
 * (median) and the ratio. Run: node bench/local-commit.bench.ts [commits=40]
 * Budget: ratio <= 3 (a commit costs a few git processes either way; the model run costs minutes).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalStore } from "../src/store/local-store.ts";

const COMMITS = Number(process.argv[2] ?? 40);
const BUDGET = 3;
const env = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Bench",
  GIT_AUTHOR_EMAIL: "bench@example.test",
  GIT_COMMITTER_NAME: "Bench",
  GIT_COMMITTER_EMAIL: "bench@example.test",
};

function repository(parent: string, name: string): string {
  const dir = join(parent, name);
  mkdirSync(dir);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, env });
  git("init", "-q", "-b", "main");
  // Earlier explorations, so trees have the size of a used ideas repository.
  for (let i = 0; i < 200; i++) {
    mkdirSync(join(dir, "ideas", `2026-01-01-earlier-${i}`), { recursive: true });
    writeFileSync(join(dir, "ideas", `2026-01-01-earlier-${i}`, "research.md"), `# ${i}\n`);
  }
  git("add", ".");
  git("commit", "-qm", "seed");
  return dir;
}

function exploration(i: number) {
  const folder = `ideas/2026-11-25-bench-idea-${i}`;
  return [
    { path: `${folder}/research.md`, content: `# Idea ${i}\n\n${"Findings. ".repeat(400)}\n` },
    { path: `${folder}/exploration-log.json`, content: `${JSON.stringify([{ run: i }])}\n` },
  ];
}

/** What LocalStore did before: write the files, `git add`, `git commit --only` them. */
function addAndCommit(dir: string, files: ReturnType<typeof exploration>, message: string) {
  for (const file of files) {
    mkdirSync(join(dir, file.path, ".."), { recursive: true });
    writeFileSync(join(dir, file.path), file.content);
  }
  const paths = files.map((f) => f.path);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, env });
  git("add", "--", ...paths);
  git("commit", "--quiet", "--only", "-m", message, "--", ...paths);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const parent = mkdtempSync(join(tmpdir(), "local-commit-bench-"));
try {
  const plumbingDir = repository(parent, "plumbing");
  const baselineDir = repository(parent, "baseline");
  const store = new LocalStore({ root: plumbingDir, git: { env } });
  const plumbing: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < COMMITS; i++) {
    const files = exploration(i);
    let start = performance.now();
    await store.commit(files, `Explore: idea ${i}`);
    plumbing.push(performance.now() - start);
    start = performance.now();
    addAndCommit(baselineDir, files, `Explore: idea ${i}`);
    baseline.push(performance.now() - start);
  }
  const ratio = median(plumbing) / median(baseline);
  console.log(`local-commit: ${COMMITS} exploration commits each way, repository of 200+ folders`);
  console.log(`  plumbing (LocalStore)   median ${median(plumbing).toFixed(1)} ms per commit`);
  console.log(`  git add + git commit    median ${median(baseline).toFixed(1)} ms per commit`);
  console.log(
    `  ratio plumbing/add+commit ${ratio.toFixed(2)}x (budget <= ${BUDGET}: ${ratio <= BUDGET ? "met" : "MISSED"})`,
  );
} finally {
  rmSync(parent, { recursive: true, force: true });
}
