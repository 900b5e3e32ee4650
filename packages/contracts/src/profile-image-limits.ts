// The profile image's limits apart from the schemas, so that the portal can check a file without
// loading zod (issue 7: /settings' first render).
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
