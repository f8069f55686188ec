/** Spec §2: the user's name, or the part of the e-mail before the @ sign. */
export function displayName(user: { name: string | null; email: string }): string {
  return user.name?.trim() || user.email.split("@")[0]!;
}
