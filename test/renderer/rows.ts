import { act } from '@testing-library/react';

/** What a screen reader reads after a row's title: status, priority, who and when, assignee. */
export const description = (li: HTMLElement): string =>
  (li.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** A row opens (its details and status switch) when it holds focus, as a click or Tab gives it. */
export const openRow = (li: HTMLElement): void => {
  act(() => li.focus());
};
