/** The lower-cased domain of an email address, as organizations hold it. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
