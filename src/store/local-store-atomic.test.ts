import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ISOLATED_GIT_ENV, isolatedGit } from "../../test/helpers/isolated-git.ts";
import { makeTempTree, type TempTree } from "../../test/helpers/temp-tree.ts";
import { LocalStore } from "./local-store.ts";

const trees: TempTree[] = [];
afterEach(async () => {
  await Promise.all(trees.splice(0).map((t) => t.cleanup()));
});

const git = isolatedGit;

async function seededRepo(files: Record<string, string> = { "README.md": "seed\n" }) {
  const tree = await makeTempTree({ files });
  trees.push(tree);
  git(tree.dir, "init", "-q", "-b", "main");
  git(tree.dir, "add", ".");
  git(tree.dir, "commit", "-qm", "seed");
  return tree;
}

const store = (dir: string) => new LocalStore({ root: dir, git: { env: ISOLATED_GIT_ENV } });

const research = (folder: string, text = `# ${folder}\n`) => [
  { path: `ideas/${folder}/research.md`, content: text },
  { path: `ideas/${folder}/exploration-log.json`, content: "[]\n" },
];

describe("LocalStore commits with git plumbing", () => {
  it("never runs hooks and never touches the user's index beyond the committed paths", async () => {
    const tree = await seededRepo();
    await writeFile(path.join(tree.dir, "staged.txt"), "mine, staged\n");
    git(tree.dir, "add", "staged.txt");
    await writeFile(path.join(tree.dir, "README.md"), "edited, not staged\n");
    const hook = path.join(tree.dir, ".git/hooks/pre-commit");
    await writeFile(hook, "#!/bin/sh\necho hook ran >&2\nexit 1\n");
    await chmod(hook, 0o755);

    const result = await store(tree.dir).commit(research("solar"), "Explore: solar");

    expect(result.commitSha).toBe(git(tree.dir, "rev-parse", "HEAD"));
    expect(git(tree.dir, "show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual([
      "ideas/solar/exploration-log.json",
      "ideas/solar/research.md",
    ]);
    // The user's staged file is still staged, their edit still unstaged, the research clean.
    expect(git(tree.dir, "status", "--porcelain").split("\n").sort()).toEqual([
      " M README.md",
      "A  staged.txt",
    ]);
  });

  it("commits while another git process holds the index lock, and says the index stayed busy", async () => {
    const tree = await seededRepo();
    await writeFile(path.join(tree.dir, ".git/index.lock"), "");

    const result = await store(tree.dir).commit(research("solar"), "Explore: solar");

    expect(git(tree.dir, "log", "-1", "--format=%s")).toBe("Explore: solar");
    expect(result.notes?.join("\n")).toMatch(/index stayed busy/);
    expect(result.notes?.join("\n")).not.toContain(tree.dir);
  });

  it("decides again on the new head when another commit lands first, keeping both", async () => {
    const tree = await seededRepo();
    const other = store(tree.dir);
    const heads: string[][] = [];
    const { value, commit } = await store(tree.dir).commitOnHead(async (head) => {
      heads.push(await head.listIdeaFolders());
      // A racing process commits between our read of the head and our ref update.
      if (heads.length === 1) await other.commit(research("racer"), "Explore: racer");
      return { kind: "commit", files: research("mine"), message: "Explore: mine", value: "done" };
    });

    expect(value).toBe("done");
    expect(heads).toEqual([[], ["racer"]]);
    expect(git(tree.dir, "log", "--format=%s").split("\n")).toEqual([
      "Explore: mine",
      "Explore: racer",
      "seed",
    ]);
    expect(commit?.commitSha).toBe(git(tree.dir, "rev-parse", "HEAD"));
    expect(await readFile(path.join(tree.dir, "ideas/racer/research.md"), "utf8")).toBe(
      "# racer\n",
    );
  });

  it("lands every commit of many stores racing on one repository", async () => {
    const tree = await seededRepo();
    const names = Array.from({ length: 6 }, (_, i) => `idea-${i}`);
    await Promise.all(names.map((n) => store(tree.dir).commit(research(n), `Explore: ${n}`)));
    expect(git(tree.dir, "rev-list", "--count", "HEAD")).toBe("7");
    expect(await store(tree.dir).listIdeaFolders()).toEqual(names);
    expect(git(tree.dir, "status", "--porcelain")).toBe("");
  });

  it("judges research on the branch head: uncommitted files do not count", async () => {
    const tree = await seededRepo({ "ideas/committed/research.md": "# committed\n" });
    await mkdir(path.join(tree.dir, "ideas/leftover"), { recursive: true });
    await writeFile(path.join(tree.dir, "ideas/leftover/research.md"), "# half done\n");
    const s = store(tree.dir);
    expect(await s.listIdeaFolders()).toEqual(["committed"]);
    expect(await s.readText("ideas/leftover/research.md")).toBeUndefined();
    expect(await s.readText("ideas/committed/research.md")).toBe("# committed\n");
  });

  it("commits over an uncommitted leftover and says so in one line", async () => {
    const tree = await seededRepo();
    await mkdir(path.join(tree.dir, "ideas/solar"), { recursive: true });
    await writeFile(path.join(tree.dir, "ideas/solar/research.md"), "# half done\n");

    const result = await store(tree.dir).commit(research("solar"), "Explore: solar");

    expect(result.notes).toEqual([
      "ideas/solar held files of an earlier run that did not finish; they were replaced",
    ]);
    expect(await readFile(path.join(tree.dir, "ideas/solar/research.md"), "utf8")).toBe(
      "# solar\n",
    );
    expect(git(tree.dir, "status", "--porcelain")).toBe("");
  });

  it("removes the temp indexes and blob folders of killed runs, never those of live ones", async () => {
    const tree = await seededRepo();
    const state = path.join(tree.dir, ".git/idea-explorer");
    await mkdir(state, { recursive: true });
    const exited = spawn(process.execPath, ["-e", ""]);
    await once(exited, "exit");
    const dead = exited.pid!;
    const live = spawn("sleep", ["30"]);
    try {
      const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
      const temp = async (name: string, age: number, folder = false) => {
        const at = path.join(state, name);
        if (folder) {
          await mkdir(at);
          await writeFile(path.join(at, "0"), "blob");
        } else {
          await writeFile(at, "index");
        }
        await utimes(at, minutesAgo(age), minutesAgo(age));
      };
      // Killed runs: their pid is gone (or, two hours on, whatever the pid says).
      await temp(`index-${dead}-0a1b2c3d4e5f`, 2);
      await temp(`index-${dead}-0a1b2c3d4e5f.lock`, 2);
      await temp(`blobs-${dead}-Ab12Cd`, 2, true);
      await temp(`blobs-Zx98Yw`, 120, true);
      await temp(`index-${live.pid}-aaaaaaaaaaaa`, 120);
      // Live runs, or too fresh to judge: this process, a running one, a pid that just died.
      const kept = [
        `index-${process.pid}-bbbbbbbbbbbb`,
        `blobs-${live.pid}-Qw12Er`,
        `index-${dead}-cccccccccccc`,
        "blobs-Po09Iu",
      ];
      await temp(kept[0]!, 30);
      await temp(kept[1]!, 30, true);
      await temp(kept[2]!, 0);
      await temp(kept[3]!, 30, true);

      await store(tree.dir).commit(research("solar"), "Explore: solar");

      expect((await readdir(state)).filter((n) => n !== "locks").sort()).toEqual(kept.sort());
      expect(git(tree.dir, "log", "-1", "--format=%s")).toBe("Explore: solar");
    } finally {
      live.kill();
    }
  });

  it("restores a committed folder whose working copy a crash left behind", async () => {
    const tree = await seededRepo();
    const s = store(tree.dir);
    await s.commit(research("solar"), "Explore: solar");
    // As if the run died after the branch moved, before the folder and index were updated.
    git(tree.dir, "rm", "-q", "--cached", "ideas/solar/research.md");
    await writeFile(path.join(tree.dir, "ideas/solar/exploration-log.json"), "[]\n");
    await import("node:fs/promises").then((fs) =>
      fs.rm(path.join(tree.dir, "ideas/solar/research.md")),
    );

    const line = await s.restoreCommitted("ideas/solar");

    expect(line).toMatch(/^ideas\/solar was committed by a run that stopped/);
    expect(git(tree.dir, "status", "--porcelain")).toBe("");
    expect(await s.restoreCommitted("ideas/solar")).toBeUndefined();
  });

  it("works with the ideas folder inside a larger repository, on an unborn branch", async () => {
    const tree = await makeTempTree({ files: { "docs/ideas-repo/.keep": "" } });
    trees.push(tree);
    git(tree.dir, "init", "-q", "-b", "trunk");
    const inner = path.join(tree.dir, "docs/ideas-repo");
    const result = await store(inner).commit(research("solar"), "Explore: solar");
    expect(git(tree.dir, "show", "--name-only", "--format=", "trunk").split("\n").sort()).toEqual([
      "docs/ideas-repo/ideas/solar/exploration-log.json",
      "docs/ideas-repo/ideas/solar/research.md",
    ]);
    expect(result.commitSha).toBe(git(tree.dir, "rev-parse", "trunk"));
    expect(await store(inner).listIdeaFolders()).toEqual(["solar"]);
    expect((await stat(path.join(inner, "ideas/solar/research.md"))).isFile()).toBe(true);
  });
});

describe("LocalStore in a plain folder", () => {
  it("renames the completion mark into place last, so a folder without it never counts", async () => {
    const tree = await makeTempTree({
      files: {
        "ideas/solar/research.md": "---\nfingerprint: 0123456789abcdef\n---\n\n# half done\n",
        "ideas/by-hand/research.md": "# Written by hand, no log: it counts\n",
      },
    });
    trees.push(tree);
    const s = new LocalStore({ root: tree.dir });
    expect(await s.listIdeaFolders()).toEqual(["by-hand"]);
    const result = await s.commit(research("solar"), "x");
    expect(result.notes).toEqual([
      "ideas/solar held files of an earlier run that did not finish; they were replaced",
    ]);
    expect((await s.listIdeaFolders()).sort()).toEqual(["by-hand", "solar"]);
    expect(await s.readText("ideas/solar/research.md")).toBe("# solar\n");
  });

  it("takes a folder holding nothing but temp files, or nothing, for a crashed run's leftover", async () => {
    const temp = ".0f8fad5b-d9cb-469f-a165-70867728950e.tmp";
    const tree = await makeTempTree({
      files: {
        [`ideas/solar/${temp}`]: "---\nfingerprint: 0123",
        "ideas/by-hand/notes.txt": "a note, no research.md: it counts\n",
        "ideas/by-hand-too/research.md": "# Written by hand\n",
        "ideas/by-hand-too/.draft.tmp": "not one of our temp names\n",
      },
    });
    trees.push(tree);
    await mkdir(path.join(tree.dir, "ideas/empty"));
    const s = new LocalStore({ root: tree.dir });
    expect((await s.listIdeaFolders()).sort()).toEqual(["by-hand", "by-hand-too"]);
    expect(await s.readText(`ideas/solar/${temp}`)).toBeUndefined();

    for (const folder of ["solar", "empty"]) {
      const result = await s.commit(research(folder), "x");
      expect(result.notes).toEqual([
        `ideas/${folder} held files of an earlier run that did not finish; they were replaced`,
      ]);
      expect((await readdir(path.join(tree.dir, "ideas", folder))).sort()).toEqual([
        "exploration-log.json",
        "research.md",
      ]);
    }
    expect((await s.listIdeaFolders()).sort()).toEqual([
      "by-hand",
      "by-hand-too",
      "empty",
      "solar",
    ]);
    expect(await readdir(path.join(tree.dir, "ideas/by-hand-too"))).toContain(".draft.tmp");
  });
});
