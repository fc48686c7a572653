/**
 * Rows drawn in a list's first frame (Home's pinned tasks, Assigned to me).
 * A longer list draws the rest right after that frame is painted, so opening
 * the popup costs the rows a person can see, not all of them. Closed rows
 * are 26 px and a border; Home's list (between the places strip, which
 * holds its bar, and the pin field) holds 17 in the 600 px popup, Assigned to
 * me's (no pin field) about 19, and three more are a margin for a header a
 * line shorter. The end-to-end test "a long
 * list in Chromium" checks Home's against the real CSS.
 * Rows after these skip layout until scrolled near
 * (`.task:nth-child(n + 23)` in styles/tasks.css: keep the two in step).
 */
export const FIRST_SCREEN_ROWS = 22;
