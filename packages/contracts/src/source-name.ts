// A keyword source (platform 'twitter') is stored under the spec's name, "<keyword> 相关推文", and the
// admin edits it so. Readers see that name in Chinese; in English they see a label made from the
// keyword (@app/rules sourceDisplayName).

/** What the spec appends to a keyword source's keyword to make its stored name. */
export const TWITTER_NAME_SUFFIX = ' 相关推文';
