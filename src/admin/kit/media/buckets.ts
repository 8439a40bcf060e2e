/*
 * The storage buckets of the admin's images, in a module of their own: the panel's storage check
 * (api.ts) names the bucket without bringing the upload's code (upload.ts) to a list.
 */

/** Bucket of post images ('blog/'), client logos ('clients/') and project images ('projects/'). */
export const IMAGE_BUCKET = 'blog-images';
/** Bucket of project gallery items. */
export const GALLERY_BUCKET = 'project-gallery';
