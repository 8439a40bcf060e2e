// framer-motion's drag (and the animation and layout features drag relies on), imported only from
// LazyMotion's loader in GallerySwipeDriver, so that the bundler gives it a chunk of its own.
export { domMax as default } from 'framer-motion';
