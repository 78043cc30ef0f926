import { CircleHelp, Gift, Home, Layers, List, Shield, Store, Swords, Trophy, User, Circle } from "lucide-react";

const ICONS = {
  home: Home,
  layers: Layers,
  trophy: Trophy,
  list: List,
  store: Store,
  gift: Gift,
  user: User,
  shield: Shield,
  swords: Swords,
  help: CircleHelp,
};

export function NavIcon({ name, size = 20 }: { name?: string; size?: number }) {
  const Icon = (name && ICONS[name as keyof typeof ICONS]) || Circle;
  return <Icon size={size} aria-hidden="true" />;
}
