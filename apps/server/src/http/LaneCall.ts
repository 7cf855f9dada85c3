/** One request in the API lane: its id, arrival and how it ended, for its headers, log line and tallies. */
export interface LaneCall {
  readonly id: string;
  readonly start: number;
  outcome: string;
}
