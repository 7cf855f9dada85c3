// Where the launchers find the server; kept in ../workspace/ (the template stores need it
// too, and they must not import the launchers' folder, which imports theirs).
export {
  serverDirectory,
  workspaceRoot,
  workspaceServerDirectory,
  wsafeBin,
} from "../workspace/serverDirectory.js";
