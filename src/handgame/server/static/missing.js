// The page of a table that does not exist (/play/<id>, /replay/<id>): says so, in the reader's
// language, with the way back to the lobby.
import { setupLanguage } from "./i18n.js";

setupLanguage();
