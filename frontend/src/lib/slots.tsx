import { createContext, useContext, type ComponentType } from 'react';

/**
 * A place in one feature's page that another feature fills. Features do not import each other; the app,
 * which composes them, provides what goes into each slot (app/feature-slots.tsx). An unfilled slot renders
 * nothing, so a feature's page and its tests stand on their own.
 */
export const createSlot = <Props extends object>(name: string) => {
  const Context = createContext<ComponentType<Props> | null>(null);
  Context.displayName = name;
  const Slot = (props: Props) => {
    const Filler = useContext(Context);
    return Filler ? <Filler {...props} /> : null;
  };
  return { Provider: Context.Provider, Slot };
};
