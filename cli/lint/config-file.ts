/** The rule configuration's file, in the content folder (its own module: the lint cache reads it without loading the rules). */
export const CONFIG_FILE = 'joinery.config.json';
