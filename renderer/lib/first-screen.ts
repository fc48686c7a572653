/**
 * Rows drawn in the popup's first frame. A longer list draws the rest right
 * after that frame is painted, so opening the popup costs the rows a person
 * can see, not all of them. Closed rows are 28 px and a border; the list's
 * part of the 600 px popup (between the header and the pin field) holds 15,
 * and two more are a margin for a header or footer a line shorter. The
 * end-to-end test "a long list in Chromium" checks it against the real CSS.
 * Rows after these skip layout until scrolled near
 * (`.task:nth-child(n + 19)` in styles/tasks.css: keep the two in step).
 */
export const FIRST_SCREEN_ROWS = 18;
