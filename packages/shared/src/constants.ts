/** Business constants of spec §9, in one place for the web and the API. */
export const DEFAULT_COUNTRY = 'PT';
export const DEFAULT_DIAL_CODE = '351';
export const PHONE_VALIDATION_DELAY_MS = 200;
export const PHONE_ALWAYS_VALID_MIN_DIGITS = 8;
export const TICKET_MODAL_LOADING_MS = 800;
export const LOGIN_TO_PASSWORD_DELAY_MS = 500;
export const LOGIN_BACK_DELAY_MS = 300;
export const HEADER_SCROLL_THRESHOLD_PX = 50;
export const DESKTOP_BREAKPOINT_PX = 992;
export const PASSWORD_STRENGTH_MAX = 6;
export const COPIED_TOKEN_DIALOG_MS = 2500;
export const QR_LEVEL = 'H';
export const QR_SIZE_STUB = 65;
export const QR_SIZE_MODAL = 120;
export const CURRENCY = 'EUR';
export const WALLET_REFUND_FEE_CENTS = 75;
export const BRACELET_CODE_DIGITS = 6;
/** Secret printed inside the bracelet (proof of possession when linking): no 0/O, 1/I/L. */
export const BRACELET_SECRET_LENGTH = 8;
export const BRACELET_SECRET_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ALERT_MAX_WIDTH_PX = 400;
export const ALERT_Z_INDEX = 1060;
export const API_ERROR_DISPLAY_DELAY_MS = 100;
export const ERROR_TRACE_SAMPLE_RATE = 0.2;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** MB WAY authorisation window: the spec leaves it open, MB WAY gives 4 minutes. */
export const MBWAY_COUNTDOWN_MS = 4 * 60_000;
/** Visitor-Id: a random 16-digit number generated once per browser (spec §3). */
export const VISITOR_ID_DIGITS = 16;
