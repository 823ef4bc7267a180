// The post, edit and manage-ads screens' texts in the active language (see messages.ts), loaded with
// those screens, not at the app's start (docs/decisions/035-start-size.md).

import { enManage, enPost } from './en-post.ts'
import { registerSection } from './messages.ts'
import type { PostMessages } from './messages-type.ts'

const english: PostMessages = { post: enPost, manage: enManage }

export const msgPost: PostMessages = registerSection('post', english)
