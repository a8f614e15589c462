// Every task the arena serves, in the order the index page lists them.
import airlineBook from './airline/book.mjs';
import airlineFind from './airline/find.mjs';
import airlineCancel from './airline/cancel.mjs';
import airlineModify from './airline/modify.mjs';

export const tasks = [airlineBook, airlineFind, airlineCancel, airlineModify];
