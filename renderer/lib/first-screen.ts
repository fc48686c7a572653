/**
 * Rows drawn in the popup's first frame. A longer list draws the rest right
 * after that frame is painted, so opening the popup costs the rows a person
 * can see, not all of them. Enough that, even were the list at the top of
 * the window, closed rows (28 px and a border) reach the bottom of the 600 px popup; the
 * end-to-end test "a long list in Chromium" checks it against the real CSS.
 * Rows after these skip layout until scrolled near
 * (`.task:nth-child(n + 23)` in styles/tasks.css: keep the two in step).
 */
export const FIRST_SCREEN_ROWS = 22;
