/**
 * The 2D map layer: the whole ground as ONE plane and ONE draw call. A tile-index texture (one
 * texel per cell, the 0-based tile index split over two bytes) tells the fragment shader which
 * tile of the tileset atlas to sample at each point.
 * Units: world units = cells; the plane spans x 0..cols, z 0..rows at y = 0, so the shader gets
 * the cell straight from the world position (col = floor(x), row = floor(z)) — the same rule as
 * core/map's worldToGrid. Atlas pixels follow Tiled: tile t at column t % columns, row
 * floor(t / columns), after `margin` and with `spacing` between tiles.
 */
import * as THREE from 'three';
import type { GameMap } from '../../core/map';

/** Vertex shader of the ground-plane layers: passes the world x/z of each fragment (the map plane). */
export const GROUND_VERTEX = /* glsl */ `
out vec2 vWorld;
void main() {
  vec4 world = modelMatrix * vec4(position, 1.0);
  vWorld = world.xz;
  gl_Position = projectionMatrix * viewMatrix * world;
}`;

const FRAGMENT = /* glsl */ `
precision highp float;
uniform sampler2D uTiles;   // RG8: tile index low, high byte per cell
uniform sampler2D uAtlas;   // tileset image, top row first (flipY off)
uniform vec2 uMapCells;     // cols, rows
uniform vec4 uTileGeom;     // tileWidth, tileHeight, margin, spacing (atlas px)
uniform vec3 uAtlasGeom;    // columns, imageWidth, imageHeight
in vec2 vWorld;
void main() {
  ivec2 cell = ivec2(clamp(floor(vWorld), vec2(0.0), uMapCells - 1.0));
  vec2 idxRG = texelFetch(uTiles, cell, 0).rg * 255.0 + 0.5;
  float tile = floor(idxRG.r) + floor(idxRG.g) * 256.0;
  float tcol = mod(tile, uAtlasGeom.x);
  float trow = floor(tile / uAtlasGeom.x);
  // Half a texel inset so linear filtering never bleeds in a neighbouring tile.
  vec2 inTile = clamp(fract(vWorld) * uTileGeom.xy, vec2(0.5), uTileGeom.xy - 0.5);
  vec2 px = uTileGeom.zz + vec2(tcol, trow) * (uTileGeom.xy + uTileGeom.ww) + inTile;
  gl_FragColor = texture2D(uAtlas, px / uAtlasGeom.yz);
  #include <colorspace_fragment>
}`;

/** Builds the ground mesh of `map` with the tileset `image`. */
export class GroundLayer {
  readonly mesh: THREE.Mesh;
  private readonly tiles: THREE.DataTexture;
  private readonly atlas: THREE.Texture;

  /** `image` null: the atlas stays empty (Node benchmark; nothing is drawn there). */
  constructor(map: GameMap, image: HTMLImageElement | null) {
    const n = map.cols * map.rows;
    const data = new Uint8Array(n * 2);
    for (let i = 0; i < n; i++) {
      data[i * 2] = map.ground[i]! & 255;
      data[i * 2 + 1] = map.ground[i]! >> 8;
    }
    this.tiles = new THREE.DataTexture(data, map.cols, map.rows, THREE.RGFormat, THREE.UnsignedByteType);
    this.tiles.unpackAlignment = 1; // rows of cols × 2 bytes need not be 4-byte aligned
    this.tiles.needsUpdate = true;
    this.atlas = new THREE.Texture(image ?? undefined);
    this.atlas.flipY = false;
    this.atlas.generateMipmaps = false;
    this.atlas.minFilter = THREE.LinearFilter;
    this.atlas.colorSpace = THREE.SRGBColorSpace;
    if (image) this.atlas.needsUpdate = true;
    const ts = map.tileset;
    const material = new THREE.ShaderMaterial({
      vertexShader: GROUND_VERTEX,
      fragmentShader: FRAGMENT,
      uniforms: {
        uTiles: { value: this.tiles },
        uAtlas: { value: this.atlas },
        uMapCells: { value: new THREE.Vector2(map.cols, map.rows) },
        uTileGeom: { value: new THREE.Vector4(ts.tileWidth, ts.tileHeight, ts.margin, ts.spacing) },
        uAtlasGeom: { value: new THREE.Vector3(ts.columns, ts.imageWidth, ts.imageHeight) },
      },
    });
    const geometry = new THREE.PlaneGeometry(map.cols, map.rows);
    geometry.rotateX(-Math.PI / 2);
    geometry.translate(map.cols / 2, 0, map.rows / 2);
    this.mesh = new THREE.Mesh(geometry, material);
    this.mesh.name = 'ground';
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
    this.tiles.dispose();
    this.atlas.dispose();
  }
}
