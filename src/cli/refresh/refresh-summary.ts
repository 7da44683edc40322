// Apart from the help, which reads the default age from the research layer: --help's command
// list should not load it.
export const REFRESH_SUMMARY = "re-research explorations older than an age: what changed since";
