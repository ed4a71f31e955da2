import { splitLocalePath } from "../../../shared/i18n/locales.ts";

/**
 * The header every call to the server carries, naming the page's language so that its refusals read
 * in it (an Italian browser on an English page still gets English): the address's language, fixed
 * for the life of the document.
 */
export const pageLanguageHeader = () => ({ "Accept-Language": splitLocalePath(window.location.pathname).locale });
