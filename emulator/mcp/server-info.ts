// Who the workspace's MCP server says it is (initialize and the server card).
export const MCP_SERVER_INFO = { name: 'wsc-workspace', title: 'Workspace', version: '1.0.0' } as const;

export const MCP_INSTRUCTIONS =
  'Tools of one team workspace, acting as the token holder with their permissions. Read with list_channels, read_channel, read_thread, read_mentions, search_messages, list_tasks, get_task, list_docs, read_doc and read_run_events; write with post_message, reply_in_thread, create_task, add_task_note, update_task, link_pull_request, create_doc and write_doc. Send idempotency_key on writes so a retry never writes twice; write_doc needs the updated_at you read. A result with isError: true says what to correct.';
