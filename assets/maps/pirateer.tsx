<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="pirateer-terrain" tilewidth="64" tileheight="64" tilecount="21" columns="8">
 <grid orientation="isometric" width="64" height="64"/>
 <image source="pirateer-tiles.png" width="512" height="192"/>
 <tile id="0">
  <properties>
   <property name="kind" value="sea"/>
   <property name="name" value="sea"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="current"/>
   <property name="name" value="current"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="dock"/>
   <property name="name" value="dock"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="land"/>
   <property name="name" value="land"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="island"/>
   <property name="name" value="island-n"/>
   <property name="part" value="n"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="island"/>
   <property name="name" value="island-e"/>
   <property name="part" value="e"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="island"/>
   <property name="name" value="island-s"/>
   <property name="part" value="s"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="island"/>
   <property name="name" value="island-w"/>
   <property name="part" value="w"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" value="islet"/>
   <property name="name" value="islet"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="half" value="top"/>
   <property name="kind" value="strait"/>
   <property name="name" value="strait-S-top"/>
   <property name="strait" value="S"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="half" value="bottom"/>
   <property name="kind" value="strait"/>
   <property name="name" value="strait-S-bottom"/>
   <property name="strait" value="S"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="half" value="top"/>
   <property name="kind" value="strait"/>
   <property name="name" value="strait-T-top"/>
   <property name="strait" value="T"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="half" value="bottom"/>
   <property name="kind" value="strait"/>
   <property name="name" value="strait-T-bottom"/>
   <property name="strait" value="T"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="faction" value="spanish"/>
   <property name="kind" value="anchor"/>
   <property name="name" value="anchor-spanish"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="faction" value="french"/>
   <property name="kind" value="anchor"/>
   <property name="name" value="anchor-french"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="faction" value="pirates"/>
   <property name="kind" value="anchor"/>
   <property name="name" value="anchor-pirates"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="faction" value="barbary"/>
   <property name="kind" value="anchor"/>
   <property name="name" value="anchor-barbary"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="faction" value="spanish"/>
   <property name="kind" value="sea"/>
   <property name="mark" value="start"/>
   <property name="name" value="start-spanish"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="faction" value="french"/>
   <property name="kind" value="sea"/>
   <property name="mark" value="start"/>
   <property name="name" value="start-french"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="faction" value="pirates"/>
   <property name="kind" value="sea"/>
   <property name="mark" value="start"/>
   <property name="name" value="start-pirates"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="faction" value="barbary"/>
   <property name="kind" value="sea"/>
   <property name="mark" value="start"/>
   <property name="name" value="start-barbary"/>
  </properties>
 </tile>
</tileset>
