/** One colour per action owner role, shared by the graph and the task cards. */

export const OWNER_COLORS: Record<string, string> = {
  homeowner: '#d1f0e0',
  contractor: '#dbe8fb',
  ops: '#fde7c8',
  finance: '#efd9f7',
  program: '#e6e6e6',
  pe: '#e6e6e6',
  program_manager: '#f4dada',
  partner_manager: '#e0e0f5',
};
