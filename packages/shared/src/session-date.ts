/**
 * YYYY-MM-DD → DD/MM/YYYY (the format the cart API takes and answers). In its own zod-free
 * module so the event page can send cart items without shipping zod (initial JS budget).
 */
export function toSessionDate(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : ymd;
}
