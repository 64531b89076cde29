/** A folder path's length. */
export const FOLDER_PATH = { minLength: 1, maxLength: 2000 };
