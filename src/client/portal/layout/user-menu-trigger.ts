/** The user menu's trigger, alike before and after the menu's code is in (user-menu.tsx). */
export const USER_MENU_TRIGGER =
  'flex items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-slate-100';
