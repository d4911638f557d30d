export { BlogModule, BLOG_CONTENT_DIR } from './blog.module';
export { BlogLibrary, BlogContentError } from './blog-library';
