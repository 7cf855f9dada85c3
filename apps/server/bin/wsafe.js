#!/usr/bin/env node
// The installed `wsafe` command: the compiled command line does the work.
import "../dist/cli.js";
