/**
 * A Leaflet map that picks a point (branch address) or shows one. The tile URL is a server setting
 * (`/api/config`); where tiles cannot load the map still works: a click sets latitude and
 * longitude (docs/architecture.md, web). The map stays left-to-right in Arabic, as maps do.
 */
import 'leaflet/dist/leaflet.css';
import { DEFAULTS } from '@loyalty/contract/constants';
import type { LatLngExpression } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useAppConfig } from '../lib/queries/config';
import classes from './map-picker.module.css';

export interface MapPoint {
  lat: number;
  long: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToPick({ onPick }: { onPick: (p: MapPoint) => void }) {
  useMapEvents({
    click: (e) => onPick({ lat: round(e.latlng.lat), long: round(e.latlng.lng) }),
  });
  return null;
}

/** Brings a point typed into the inputs back into view. */
function FollowPoint({ point }: { point: MapPoint | null }) {
  const map = useMap();
  useEffect(() => {
    if (point && !map.getBounds().contains([point.lat, point.long])) map.panTo([point.lat, point.long]);
  }, [map, point]);
  return null;
}

export function MapPicker({
  value,
  onChange,
  label,
  height = DEFAULTS.mapHeight,
}: {
  value: MapPoint | null;
  /** Absent: the map only shows the point. */
  onChange?: (p: MapPoint) => void;
  /** Accessible name of the map region. */
  label: string;
  height?: number;
}) {
  const { data: config } = useAppConfig();
  const center: LatLngExpression = value ? [value.lat, value.long] : [DEFAULTS.mapCenter.lat, DEFAULTS.mapCenter.long];
  return (
    <section dir="ltr" aria-label={label} data-testid="map-picker">
      <MapContainer
        center={center}
        zoom={DEFAULTS.mapZoom}
        className={classes.map}
        style={{ height }}
        scrollWheelZoom={false}
      >
        {config?.mapTileUrl && (
          <TileLayer url={config.mapTileUrl} attribution="&copy; OpenStreetMap contributors" maxZoom={19} />
        )}
        {onChange && <ClickToPick onPick={onChange} />}
        <FollowPoint point={value} />
        {value && (
          <CircleMarker
            center={[value.lat, value.long]}
            radius={10}
            pathOptions={{ color: '#c92a2a', fillColor: '#fa5252', fillOpacity: 0.8 }}
          />
        )}
      </MapContainer>
    </section>
  );
}
