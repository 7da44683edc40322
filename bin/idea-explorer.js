#!/usr/bin/env node
// The CLI is TypeScript run by Node's type stripping (Node >= 22.18); this shim keeps the
// installed command name free of the .ts extension.
import "../src/cli/main.ts";
