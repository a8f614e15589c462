// Every task the arena serves, in the order the index page lists them.
import airlineBook from './airline/book.mjs';
import airlineFind from './airline/find.mjs';
import airlineCancel from './airline/cancel.mjs';
import airlineModify from './airline/modify.mjs';
import clickButton from './widgets/click-button.mjs';
import clickLink from './widgets/click-link.mjs';
import checkboxes from './widgets/checkboxes.mjs';
import radio from './widgets/radio.mjs';
import selectNative from './widgets/select-native.mjs';
import selectCustom from './widgets/select-custom.mjs';
import autocomplete from './widgets/autocomplete.mjs';
import datePicker from './widgets/date-picker.mjs';
import spinner from './widgets/spinner.mjs';
import collapsible from './widgets/collapsible.mjs';
import tabs from './widgets/tabs.mjs';
import scrollList from './widgets/scroll-list.mjs';
import searchResults from './widgets/search-results.mjs';
import { inboxReply, inboxForward, inboxDelete, inboxStar } from './inbox/tasks.mjs';
import loginPopup, { login } from './widgets/login.mjs';
import tableRead from './widgets/table-read.mjs';
import shadowForm from './widgets/shadow-form.mjs';
import iframeForm from './widgets/iframe-form.mjs';
import delayedElement from './widgets/delayed-element.mjs';
import trustedClick from './widgets/trusted-click.mjs';
import hostile from './widgets/hostile.mjs';
import extractTable from './widgets/extract-table.mjs';
import priceCompare from './widgets/price-compare.mjs';
import canvasClick from './widgets/canvas-click.mjs';
import ratings from './widgets/ratings.mjs';
import uploadFile from './widgets/upload-file.mjs';
import downloadFile from './widgets/download-file.mjs';

export const tasks = [
  airlineBook, airlineFind, airlineCancel, airlineModify,
  clickButton, clickLink, checkboxes, radio, selectNative, selectCustom, autocomplete, datePicker, spinner,
  collapsible, tabs, scrollList, searchResults,
  inboxReply, inboxForward, inboxDelete, inboxStar,
  login, loginPopup, tableRead, shadowForm, iframeForm, delayedElement, trustedClick, hostile,
  extractTable, priceCompare, canvasClick, ratings, uploadFile, downloadFile,
];
