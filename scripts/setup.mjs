#!/usr/bin/env node
// Brings a fresh clone to a runnable state with nothing but Node and npm: the
// pinned pnpm under .tools/, then the workspace's dependencies from the
// lockfile. Cheap to run again: each step is skipped when already done.
import { ensureWorkspace } from "./toolchain.mjs";

ensureWorkspace();
