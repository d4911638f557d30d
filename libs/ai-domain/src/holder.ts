/** Who ran a tool: an account or a guest session (never the text, never an address). */
export type ToolUser = { type: 'user'; id: string } | { type: 'guest'; id: string };
