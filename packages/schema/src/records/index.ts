export * from "./equipment.js";
export * from "./metavalue.js";
export * from "./primitives.js";
export * from "./resource.js";
export * from "./schedule.js";
export * from "./status.js";
export * from "./user.js";
export * from "./version.js";
