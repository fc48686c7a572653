/**
 * The home screen's parts that its first paint does not need: words for
 * rare states, the announcement after a pin or an unpin, the clipboard's offer, the update line, the undo toast and
 * the keys' help, the account menu and the organization's details, select
 * mode and its bar, a bulk change, search's results. One
 * file, fetched once the popup is idle (`later.ts`), or at the first use
 * that comes before that.
 */
export { BulkBar } from './BulkBar';
export { ClipboardWatch } from './ClipboardWatch';
export { ConnectionNotice } from './ConnectionNotice';
export { HandOverNotice } from './HandOverNotice';
export { KeysHelp } from './KeysHelp';
export { ErrorScreen, LoadProblem } from './LoadProblem';
export { NoPinsYet } from './NoPinsYet';
export { Notice } from './primitives/Notice';
export { OrgDetails } from './OrgDetails';
export { ProfileMenu } from './ProfileMenu';
// A short name: it is spelled out in the first screen's file (later.ts), where every byte counts.
export { SearchResults as Search } from './search/SearchResults';
export { UndoToast } from './UndoToast';
export { UpdateLine } from './UpdateLine';
export { connectionHeadline } from '../../common/connection-headline';
export { runChangeMany } from '../hooks/change-many-run';
export * as selection from '../lib/selection';
