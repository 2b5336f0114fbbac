export interface RateLimitHitsTable {
  key: string;
  hits: number;
  reset_at: Date;
}

export interface RateLimitTables {
  rate_limit_hits: RateLimitHitsTable;
}
