/** The raw reservation statement of issues 2 and 5: a conditional decrement plus an insert. */
export const RESERVE_SQL = `WITH u AS (UPDATE stock SET remaining = remaining - 1 WHERE id = $1 AND remaining >= 1 RETURNING id)
INSERT INTO reservation (stock_id) SELECT id FROM u`;
