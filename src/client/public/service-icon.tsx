import {
  Cloud,
  Compass,
  Headset,
  Layers,
  LifeBuoy,
  MapPin,
  Package,
  Shield,
  Truck,
  Wifi,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { ServiceIcon as IconName } from '../../shared/service-index.ts';

// Named imports only: the bundle carries these 11 icons, not the whole set.
const icons: Record<IconName, LucideIcon> = {
  package: Package,
  layers: Layers,
  truck: Truck,
  wrench: Wrench,
  headset: Headset,
  cloud: Cloud,
  wifi: Wifi,
  'life-buoy': LifeBuoy,
  'map-pin': MapPin,
  compass: Compass,
  shield: Shield,
};

export function ServiceIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} aria-hidden />;
}
