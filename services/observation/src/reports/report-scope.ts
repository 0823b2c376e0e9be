/**
 * Whose records a report reads: the caller's organization, or (null) the whole platform for
 * the super administrator (proto's organizationScope), as the Hub's figures do. Every query filters with
 * `($1::int IS NULL OR organization_id = $1)`.
 */
export type ReportScope = number | null;
